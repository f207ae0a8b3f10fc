import { MESSAGES } from '@rules';
import { ZodError } from 'zod';

export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
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
};

export interface AppErrorDetails {
  field?: string;
  retryAfterSeconds?: number;
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
export const forbidden = () => AppError.fromMessage('FORBIDDEN', 'forbidden');
export const notFound = () => AppError.fromMessage('NOT_FOUND', 'notFound');

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
