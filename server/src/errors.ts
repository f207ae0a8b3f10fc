import { MESSAGES, TOKEN_MESSAGES } from '@rules';
import { databaseFailure } from './db/errors';
import { ZodError } from 'zod';

export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  /** The request itself is malformed (its JSON, encoding or URL), before any rule could judge it. */
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  /** The database cannot be reached for now; the client should retry after `retryAfterSeconds`. */
  'UNAVAILABLE',
  /** A service this server calls for the request (an AI provider) failed or did not answer in time. */
  'BAD_GATEWAY',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 422,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAVAILABLE: 503,
  BAD_GATEWAY: 502,
};

export interface AppErrorDetails {
  field?: string;
  retryAfterSeconds?: number;
  /** A suspended account's writes: when the suspension ends (ISO), for the client to say so. */
  suspendedUntil?: string;
  /** A stale save (CONFLICT): the version the item has now, for the client to reload or copy. */
  version?: number;
  /** A token refused for lack of a scope: the scope it needs (RFC 6750 insufficient_scope). */
  scope?: string;
}

/** The one error type services throw; transports map it to GraphQL extensions or REST statuses. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  static fromMessage(code: ErrorCode, key: keyof typeof MESSAGES, details?: AppErrorDetails) {
    return new AppError(code, MESSAGES[key], details);
  }
}

export const unauthenticated = () => AppError.fromMessage('UNAUTHENTICATED', 'signInRequired');
/** A bearer token that opens nothing (unknown, expired, revoked): never taken as signed out. */
export const invalidToken = () => new AppError('UNAUTHENTICATED', TOKEN_MESSAGES.invalidToken);

/**
 * The WWW-Authenticate header of a refusal (RFC 6750), or null: every 401 names the Bearer scheme
 * (and `invalid_token` for a token that opens nothing); a 403 for a missing scope names it.
 */
export function wwwAuthenticate(error: AppError): string | null {
  if (error.code === 'UNAUTHENTICATED')
    return error.message === TOKEN_MESSAGES.invalidToken
      ? 'Bearer realm="api", error="invalid_token"'
      : 'Bearer realm="api"';
  if (error.code === 'FORBIDDEN' && error.details.scope)
    return `Bearer realm="api", error="insufficient_scope", scope="${error.details.scope}"`;
  return null;
}
export const forbidden = () => AppError.fromMessage('FORBIDDEN', 'forbidden');
export const notFound = () => AppError.fromMessage('NOT_FOUND', 'notFound');
/** An address or method no REST row serves: told apart from a missing item (001 §8). */
export const routeNotFound = () => AppError.fromMessage('NOT_FOUND', 'pageNotFound');

/**
 * Parses input with a shared rule; the first failing rule becomes a BAD_USER_INPUT error. `field`
 * names the input when the schema validates a single value rather than an object.
 */
export function parseInput<T>(
  schema: { parse: (input: unknown) => T },
  input: unknown,
  field?: string,
): T {
  try {
    return schema.parse(input);
  } catch (error) {
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const path = issue?.path.map(String).join('.');
      const fieldName = [field, path].filter(Boolean).join('.') || undefined;
      throw new AppError('BAD_USER_INPUT', issue?.message ?? MESSAGES.internal, {
        field: fieldName,
      });
    }
    throw error;
  }
}

/**
 * What a caller is told about an error a service did not throw as an AppError. A request the
 * body reader or router could not take apart (http-errors with a 4xx status), a value the database
 * refused, or a database that cannot be reached are the caller's or the moment's fault, not a bug:
 * they become the matching AppError. null means a bug: log it and answer INTERNAL.
 */
export function expectedError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  return requestError(error) ?? databaseError(error);
}

/** How long a client waits before retrying while the database is unavailable (a restart takes seconds). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

function databaseError(error: unknown): AppError | null {
  switch (databaseFailure(error)) {
    case 'invalid-value':
      return AppError.fromMessage('BAD_USER_INPUT', 'invalidValue');
    case 'gone':
      return notFound();
    case 'unavailable':
      return AppError.fromMessage('UNAVAILABLE', 'unavailable', {
        retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
      });
    default:
      return null;
  }
}

function requestError(error: unknown): AppError | null {
  if (!(error instanceof Error)) return null;
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (status === 413) return AppError.fromMessage('PAYLOAD_TOO_LARGE', 'bodyTooLarge');
  const type = (error as { type?: unknown }).type;
  return AppError.fromMessage(
    'BAD_REQUEST',
    type === 'entity.parse.failed' ? 'malformedJson' : 'badRequest',
  );
}
