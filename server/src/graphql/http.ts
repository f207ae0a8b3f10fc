import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import { MESSAGES, REQUEST_MAX_BYTES } from '@rules';
import { GraphQLError } from 'graphql';
import type { Context } from '../context';
import { expectedError, HTTP_STATUS, wwwAuthenticate } from '../errors';
import type { Log } from '../log';

/**
 * GraphQL over HTTP straight on node:http: Apollo's own HTTP entry point
 * (`executeHTTPGraphQLRequest`, what every Apollo integration calls) fed by a small JSON body
 * reader. Express's router, body-parser and response helpers cost about a tenth of a feed request
 * and give GraphQL nothing it needs; every other path still goes through express. Websockets on
 * /graphql arrive as upgrades, not requests, and are served by graphql-ws.
 */

export type RequestContext = (
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
) => Promise<Context>;

/** /graphql and /graphql/, with or without a query string (GET requests carry the query there). */
export const isGraphqlRequest = (url: string | undefined) =>
  url !== undefined && /^\/graphql\/?(\?|$)/.test(url);

/** A body the reader refuses, with the status and the error code REST answers for the same body. */
class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE',
    message: string,
  ) {
    super(message);
  }
}

/** The parsed JSON body; undefined when the request declares no JSON (Apollo then answers 400). */
async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const type = req.headers['content-type'] ?? '';
  if (req.method !== 'POST' || !/^application\/(.+\+)?json\b/i.test(type)) {
    req.resume();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > REQUEST_MAX_BYTES)
      throw new BodyError(413, 'PAYLOAD_TOO_LARGE', MESSAGES.bodyTooLarge);
    chunks.push(chunk);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks, size).toString('utf8')) as unknown;
  } catch {
    throw new BodyError(400, 'BAD_REQUEST', MESSAGES.malformedJson);
  }
}

/**
 * A context that cannot be made is answered like a failed field: 401 with WWW-Authenticate for a
 * token that opens nothing, 503 with Retry-After while the database is unavailable. Apollo takes the status and headers from
 * `extensions.http`, and would otherwise answer 500.
 */
function contextFailure(error: unknown): unknown {
  const known = expectedError(error);
  if (!known) return error;
  const retryAfter = known.details.retryAfterSeconds;
  const headers = new HeaderMap();
  if (retryAfter) headers.set('retry-after', String(retryAfter));
  const authenticate = wwwAuthenticate(known);
  if (authenticate) headers.set('www-authenticate', authenticate);
  return new GraphQLError(known.message, {
    extensions: {
      code: known.code,
      ...(retryAfter && { retryAfterSeconds: retryAfter }),
      http: { status: HTTP_STATUS[known.code], headers },
    },
  });
}

function sendError(res: ServerResponse, status: number, message: string, code: string) {
  const body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...(status === 413 && { connection: 'close' }),
  });
  res.end(body);
}

export function graphqlHttpHandler(
  apollo: ApolloServer<Context>,
  contextFor: RequestContext,
  log: Log,
) {
  return async (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    try {
      const body = await readJsonBody(req);
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const url = req.url ?? '';
      const query = url.indexOf('?');
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: (req.method ?? 'GET').toUpperCase(),
          headers,
          search: query === -1 ? '' : url.slice(query),
          body,
        },
        context: () =>
          contextFor(req, res, requestId).catch((error: unknown) => {
            throw contextFailure(error);
          }),
      });
      for (const [name, value] of response.headers) res.setHeader(name, value);
      res.statusCode = response.status ?? 200;
      if (response.body.kind === 'complete') {
        res.setHeader('content-length', Buffer.byteLength(response.body.string));
        res.end(response.body.string);
        return;
      }
      for await (const chunk of response.body.asyncIterator) res.write(chunk);
      res.end();
    } catch (error) {
      if (error instanceof BodyError) {
        log.info({ requestId, code: error.code }, error.message);
        return sendError(res, error.status, error.message, error.code);
      }
      log.error({ err: error, requestId }, 'unexpected GraphQL HTTP error');
      if (!res.headersSent) sendError(res, 500, MESSAGES.internal, 'INTERNAL');
      else res.destroy();
    }
  };
}
