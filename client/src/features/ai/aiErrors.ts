import { notifications } from '@mantine/notifications';
import { AI_MESSAGES, TOAST_MS } from '@rules';
import type { TFunction } from 'i18next';
import { serverErrorOf, translateServerMessage } from '../../components/notify';

/**
 * The server's AI messages in the reader's language. This page translates them itself (they are
 * in PAGE_MESSAGE_NAMESPACES, not the first visit's MESSAGE_NAMESPACES), so a first visit carries
 * none of them; any other message translates as everywhere.
 */
export function aiMessage(t: TFunction, message: string): string {
  const key = (Object.keys(AI_MESSAGES) as (keyof typeof AI_MESSAGES)[]).find(
    (candidate) => AI_MESSAGES[candidate] === message,
  );
  return key ? t(`ai:errors.${key}`) : translateServerMessage(t, message);
}

/** serverErrorOf with the AI messages translated. */
export function aiErrorOf(error: unknown, t: TFunction) {
  const info = serverErrorOf(error, t);
  return info.code === 'RATE_LIMITED' ? info : { ...info, message: aiMessage(t, info.rawMessage) };
}

/** notifyError with the AI messages translated. */
export function notifyAiError(error: unknown, t: TFunction) {
  const { message } = aiErrorOf(error, t);
  notifications.show({ color: 'red', message, autoClose: TOAST_MS, withCloseButton: true });
}
