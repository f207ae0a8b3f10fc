import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { MESSAGES } from '@rules';
import { AppError, expectedError } from '../errors';
import type { Log } from '../log';

/** Codes graphql-js and Apollo give to a malformed request; those messages are safe to show. */
const REQUEST_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/**
 * AppErrors carry their code and field into `extensions`; a request error keeps its message and
 * is logged at info; anything else is logged as an error and reaches the client as INTERNAL with no
 * internals.
 */
export function formatGraphQLError(log: Log) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    const known = expectedError(original);
    if (known) {
      if (!(original instanceof AppError))
        log[known.code === 'UNAVAILABLE' ? 'warn' : 'info']({ err: original }, known.message);
      return {
        message: known.message,
        path: formatted.path,
        extensions: {
          code: known.code,
          ...(known.details.field && { field: known.details.field }),
          ...(known.details.retryAfterSeconds && {
            retryAfterSeconds: known.details.retryAfterSeconds,
          }),
          ...(known.details.suspendedUntil && { suspendedUntil: known.details.suspendedUntil }),
          ...(known.details.version !== undefined && { version: known.details.version }),
        },
      };
    }
    const code = formatted.extensions?.code;
    if (
      (typeof code === 'string' && REQUEST_ERROR_CODES.has(code)) ||
      (original instanceof GraphQLError && !original.originalError && !formatted.path)
    ) {
      // The client's mistake, not the server's: worth a line, not an alert.
      log.info({ code, message: formatted.message }, 'GraphQL request refused');
      // graphql's own refusals that Apollo has no code for ('Too many errors processing
      // variables…') get Apollo's fallback, INTERNAL_SERVER_ERROR: they are about the request.
      return code === 'INTERNAL_SERVER_ERROR'
        ? { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_USER_INPUT' } }
        : formatted;
    }
    log.error({ err: original }, 'unexpected GraphQL error');
    return { message: MESSAGES.internal, path: formatted.path, extensions: { code: 'INTERNAL' } };
  };
}
