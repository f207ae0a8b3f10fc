/**
 * Toasts (Mantine notifications, 5 s, closable) and the translation of server messages. The
 * server speaks the spec's English; each message has a key in `<namespace>:errors` so it can be
 * shown in the reader's language.
 */
import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { messageTranslationKey, TOAST_MS } from '@rules';
import { i18n } from '../app/i18n';
import { formatDateTime } from './formatDateTime';

/**
 * A server (or shared-rule) message in the reader's language; unknown messages pass through. The
 * key is computed, so a test checks that every server message has its key in en and te.
 */
export function translateServerMessage(t: TFunction, message: string): string {
  const key = messageTranslationKey(message);
  return key ? t(key) : message;
}

export interface ServerErrorInfo {
  /** Already translated, ready to show. */
  message: string;
  /** The server's English message, e.g. to compare with MESSAGES.verifyEmail. */
  rawMessage: string;
  code?: string;
  field?: string;
  /** No answer from the server (offline, or it is down). */
  network: boolean;
}

interface ErrorLike {
  message: string;
  extensions?: Record<string, unknown>;
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** GraphQL errors a non-2xx answer carried in its body (e.g. a 400 for bad variables). */
function errorsInBody(error: ServerError): ErrorLike[] {
  try {
    const body: unknown = JSON.parse(error.bodyText);
    if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
      return (body.errors as unknown[]).filter(
        (item): item is ErrorLike =>
          !!item && typeof item === 'object' && typeof (item as ErrorLike).message === 'string',
      );
    }
  } catch {
    // not JSON: fall through to the status
  }
  return [];
}

function fromGraphQLError(t: TFunction, error: ErrorLike): ServerErrorInfo {
  const code = stringOf(error.extensions?.code);
  const suspendedUntil = stringOf(error.extensions?.suspendedUntil);
  // A rate limit message carries the minutes to wait: shown as the server wrote it. A suspended
  // account's refusal carries its end date, shown in the reader's language.
  const message =
    code === 'RATE_LIMITED'
      ? error.message
      : suspendedUntil
        ? t('reports:errors.suspended', { date: formatDateTime(suspendedUntil, i18n.language) })
        : translateServerMessage(t, error.message);
  return {
    message,
    rawMessage: error.message,
    code,
    field: stringOf(error.extensions?.field),
    network: false,
  };
}

/** Reads any error Apollo (or fetch) can throw into one shape. */
export function serverErrorOf(error: unknown, t: TFunction = i18n.t.bind(i18n)): ServerErrorInfo {
  if (CombinedGraphQLErrors.is(error) && error.errors[0])
    return fromGraphQLError(t, error.errors[0]);
  if (ServerError.is(error)) {
    const [first] = errorsInBody(error);
    if (first) return fromGraphQLError(t, first);
    const network = error.statusCode >= 500;
    const message = network
      ? t('common:errors.serverDown', { status: error.statusCode })
      : t('common:errors.internal');
    return { message, rawMessage: error.message, network };
  }
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (offline || error instanceof TypeError) {
    return { message: t('common:offline.message'), rawMessage: String(error), network: true };
  }
  const rawMessage = error instanceof Error ? error.message : String(error);
  return { message: t('common:errors.internal'), rawMessage, network: false };
}

export function notifyError(error: unknown) {
  const { message } = serverErrorOf(error);
  notifications.show({ color: 'red', message, autoClose: TOAST_MS, withCloseButton: true });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message, autoClose: TOAST_MS, withCloseButton: true });
}
