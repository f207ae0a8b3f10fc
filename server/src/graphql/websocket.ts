import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { MESSAGES, REQUEST_MAX_BYTES, SOCKET_OPERATION_LIMITS } from '@rules';
import {
  GraphQLError,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
} from 'graphql';
import {
  MessageType,
  stringifyMessage,
  type Context as SocketContext,
  type SubscribePayload,
} from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { isOwnOrigin } from '../auth/origin';
import { authenticate, liveKeyOf, type Authenticated, type Credential } from '../auth/credentials';
import { createContext, type AppDeps } from '../context';
import { INVALID_TOKEN_CLOSE, type LiveConnection } from '../live/connections';
import { formatGraphQLError } from './errors';
import { operationScopeRefusal, scopeGraphQLError } from './token-scopes';
import { PARSE_OPTIONS, operationVariablesError, operationLimitRules } from './limits';

/** Sent to every socket when the live listener is back after a loss (see attachSubscriptions). */
export const LIVE_EVENTS_RESUMED_CLOSE = [
  1012,
  'Live events resumed: reconnect and catch up',
] as const;

/**
 * GraphQL over websockets (graphql-ws) on the HTTP server's port, path /graphql: the same schema,
 * limits and error shape as over HTTP. A socket's session is checked once, when it connects; the
 * socket then lives no longer than that session (live/connections.ts).
 */

/** The token a websocket client sends: `connectionParams.token` (or `authorization`), else the cookie. */
function websocketCredential(
  deps: AppDeps,
  params: Record<string, unknown> | undefined,
  cookieHeader?: string,
): Credential | null {
  const given =
    params?.token ?? params?.authToken ?? params?.authorization ?? params?.Authorization;
  if (typeof given === 'string' && given)
    return { token: deps.sessions.readBearer(given) ?? given, fromCookie: false };
  const cookie = cookieHeader ? deps.sessions.readCookie(cookieHeader) : null;
  return cookie ? { token: cookie, fromCookie: true } : null;
}

/**
 * Who a socket is, settled when it connects: its token and session (null signed out) and its
 * registration.
 */
interface SignedIn {
  credential: Credential | null;
  authenticated: Authenticated | null;
  connection: LiveConnection | null;
}

/** graphql-ws's state for one socket: its connection params, open operations and ws extras. */
type Socket = SocketContext<Record<string, unknown>, Extra & { signedIn?: SignedIn }>;

/**
 * A socket signed in by the cookie alone must come from this site's own pages (`isOwnOrigin`, as
 * REST's CSRF guard asks of a cookie write): the browser sends the cookie with a handshake from
 * any page of the same site (another port, a sibling subdomain), and a socket answers queries and
 * runs mutations. Such a socket is closed with 4403 Forbidden (graphql-ws's close when onConnect
 * refuses) rather than kept signed out: a refusal shows, where a misconfigured PUBLIC_URL would
 * otherwise look like an app that silently signed its people out. The page learns only that the
 * browser holds a session cookie, which it cannot use. A token handed over in connectionParams is
 * no ambient credential: such sockets are welcome from anywhere (third-party API clients).
 */
const isForeignCookieSocket = (deps: AppDeps, socket: Socket, credential: Credential | null) =>
  credential?.fromCookie === true &&
  !isOwnOrigin(socket.extra.request.headers, deps.config.publicUrl);

/**
 * Checks the socket's credential once. The socket is registered under the credential's key before
 * the check, so a sign-out or revocation racing the check still closes it; a cookie that opens no
 * session leaves the socket signed out, as over HTTP (a handed-over token that opens nothing is
 * refused by the caller). A session's socket also ends with all of its person's sessions (password
 * reset, account deletion); a token's outlives them and ends when the token is revoked.
 */
async function signIn(
  deps: AppDeps,
  socket: Socket,
  credential: Credential | null,
): Promise<SignedIn> {
  if (!credential) return { credential: null, authenticated: null, connection: null };
  const { connections } = deps.live;
  const connection = connections.open(liveKeyOf(credential.token), (code, reason) =>
    socket.extra.socket.close(code, reason),
  );
  socket.extra.socket.once('close', () => connections.release(connection));
  const authenticated = await authenticate(deps, credential.token).catch((error: unknown) => {
    connections.release(connection);
    throw error;
  });
  if (!authenticated) {
    connections.release(connection);
    return { credential, authenticated: null, connection: null };
  }
  connections.signedIn(connection, authenticated.viewer.id, {
    outlivesSessions: authenticated.session === null,
  });
  // Online while any signed-in socket of theirs is open, in any process (chat-presence).
  const presence = deps.live.presence.connected(authenticated.viewer.id);
  const ws = socket.extra.socket;
  if (ws.readyState === ws.OPEN) ws.once('close', () => presence.closed());
  else presence.closed();
  return { credential, authenticated, connection };
}

const withCode = (error: GraphQLError, code: string) =>
  new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });

/**
 * Parses, validates and costs a websocket operation under the limits Apollo applies over HTTP, with
 * Apollo's error codes. A refused operation gets its errors; the socket stays open.
 */
function prepareOperation(
  schema: GraphQLSchema,
  payload: SubscribePayload,
): ExecutionArgs | readonly GraphQLError[] {
  let document: DocumentNode;
  try {
    document = parse(payload.query, PARSE_OPTIONS);
  } catch (error) {
    if (error instanceof GraphQLError) return [withCode(error, 'GRAPHQL_PARSE_FAILED')];
    throw error;
  }
  const invalid = validate(schema, document, [...specifiedRules, ...operationLimitRules]);
  if (invalid.length) return invalid.map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'));
  const operation = getOperationAST(document, payload.operationName);
  if (!operation) {
    const message = payload.operationName
      ? `Unknown operation named "${payload.operationName}".`
      : 'Must provide operation name if query contains multiple operations.';
    return [new GraphQLError(message, { extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } })];
  }
  const variables = getVariableValues(
    schema,
    operation.variableDefinitions ?? [],
    payload.variables ?? {},
    { maxErrors: 1 },
  );
  if (variables.errors) return variables.errors.map((error) => withCode(error, 'BAD_USER_INPUT'));
  const variablesError = operationVariablesError(
    schema,
    document,
    payload.operationName,
    payload.variables,
  );
  if (variablesError) return [variablesError];
  return {
    schema,
    document,
    operationName: payload.operationName,
    variableValues: payload.variables,
  };
}

/**
 * Refuses an operation past SOCKET_OPERATION_LIMITS, per socket and per person across their sockets
 * in this process. An accepted operation counts while graphql-ws holds it open: graphql-ws forgets
 * an operation when it ends and all of a socket's when it closes, so nothing needs releasing.
 */
function operationQuota() {
  const accepted = new WeakMap<Socket, Set<string>>();
  const socketsOf = new Map<string, Set<Socket>>();
  const open = (socket: Socket) => {
    const ids = accepted.get(socket);
    if (!ids) return 0;
    for (const id of ids) if (!(id in socket.subscriptions)) ids.delete(id);
    return ids.size;
  };
  const refused = (message: string) =>
    new GraphQLError(message, { extensions: { code: 'RATE_LIMITED' } });
  const sameSockets = (person: string, socket: Socket) => {
    let sockets = socketsOf.get(person);
    if (!sockets) socketsOf.set(person, (sockets = new Set()));
    if (!sockets.has(socket) && socket.extra.socket.readyState === socket.extra.socket.OPEN) {
      sockets.add(socket);
      socket.extra.socket.once('close', () => {
        const current = socketsOf.get(person);
        current?.delete(socket);
        if (current?.size === 0) socketsOf.delete(person);
      });
    }
    return sockets;
  };

  return (socket: Socket, id: string): GraphQLError | null => {
    const person = socket.extra.signedIn?.authenticated?.viewer.id ?? null;
    if (open(socket) >= SOCKET_OPERATION_LIMITS.perSocket)
      return refused(MESSAGES.tooManySocketOperations);
    if (person) {
      let total = 0;
      for (const each of sameSockets(person, socket)) total += open(each);
      if (total >= SOCKET_OPERATION_LIMITS.perPerson)
        return refused(MESSAGES.tooManyPersonOperations);
    }
    let ids = accepted.get(socket);
    if (!ids) accepted.set(socket, (ids = new Set()));
    ids.add(id);
    return null;
  };
}

/**
 * In test mode the server tells a client when a subscription listens: graphql-ws acknowledges no
 * subscription, so a test would otherwise have to guess how long the server takes to resolve its
 * space and register before publishing. The signal is a pong, which the protocol lets either side
 * send at any time and clients ignore, carrying `{ subscribed: <operation id> }`.
 */
function announceSubscribed(socket: Socket, id: string, result: unknown) {
  if (typeof result === 'object' && result !== null && Symbol.asyncIterator in result)
    socket.extra.socket.send(
      stringifyMessage({ type: MessageType.Pong, payload: { subscribed: id } }),
    );
}

/**
 * ws emits 'error' on a socket only for a client's protocol violation (a message over maxPayload,
 * an invalid frame), after closing it with the matching code (1009, 1002…). graphql-ws would print
 * it with console.error as a server fault; it is the client's, so it is logged at info.
 */
function logClientProtocolErrors(wsServer: WebSocketServer, deps: AppDeps) {
  wsServer.on('connection', (socket) => {
    socket.removeAllListeners('error');
    socket.on('error', (error) => deps.log.info({ err: error }, 'websocket closed by its client'));
  });
}

export function attachSubscriptions(
  schema: GraphQLSchema,
  deps: AppDeps,
  httpServer: Server,
  clientAddressOf: (request: IncomingMessage) => string,
) {
  // Over the limit, ws closes the socket with 1009 as soon as a frame header announces the size.
  const wsServer = new WebSocketServer({
    server: httpServer,
    path: '/graphql',
    maxPayload: REQUEST_MAX_BYTES,
  });
  const formatError = formatGraphQLError(deps.log);
  const overQuota = operationQuota();
  const cleanup = useServer<Record<string, unknown>, { signedIn?: SignedIn }>(
    {
      schema,
      onConnect: async (ctx) => {
        const credential = websocketCredential(
          deps,
          ctx.connectionParams,
          ctx.extra.request.headers.cookie,
        );
        if (isForeignCookieSocket(deps, ctx, credential)) return false;
        ctx.extra.signedIn = await signIn(deps, ctx, credential);
        const { authenticated } = ctx.extra.signedIn;
        if (credential && !credential.fromCookie && !authenticated) {
          // As over HTTP, a token that opens nothing is refused: 4401, which clients do not retry.
          ctx.extra.socket.close(INVALID_TOKEN_CLOSE.code, INVALID_TOKEN_CLOSE.reason);
          return false;
        }
        return true;
      },
      context: (ctx) =>
        createContext(deps, {
          credential: ctx.extra.signedIn?.credential ?? null,
          authenticated: ctx.extra.signedIn?.authenticated ?? null,
          clientAddress: clientAddressOf(ctx.extra.request),
          userAgent: ctx.extra.request.headers['user-agent'] ?? null,
          requestId: randomUUID(),
          connection: ctx.extra.signedIn?.connection ?? undefined,
        }),
      onSubscribe: (ctx, id, payload) => {
        const refused = overQuota(ctx, id);
        if (refused) return [refused];
        const prepared = prepareOperation(schema, payload);
        if (!('document' in prepared)) return prepared;
        const operation = getOperationAST(prepared.document, prepared.operationName);
        const scopes = ctx.extra.signedIn?.authenticated?.scopes ?? null;
        const refusal = operation && operationScopeRefusal(scopes, prepared.document, operation);
        return refusal ? [scopeGraphQLError(refusal, false)] : prepared;
      },
      onOperation:
        deps.config.env === 'test'
          ? (ctx, id, _payload, _args, result) => announceSubscribed(ctx, id, result)
          : undefined,
      // Same error shape as over HTTP: AppError codes in extensions, internals hidden.
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors
          ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) }
          : undefined,
      onError: (_ctx, _id, _payload, errors) =>
        errors.map((error) => formatError(error.toJSON(), error)),
    },
    wsServer,
  );
  logClientProtocolErrors(wsServer, deps);
  // Events other processes published while this one was not listening never arrived: every
  // socket is closed with 1012 (Service Restart), which graphql-ws clients retry, and a client
  // catches up after its reconnect (chat fetches what came after its last message).
  deps.transport.onResumed(() => {
    for (const socket of wsServer.clients) socket.close(...LIVE_EVENTS_RESUMED_CLOSE);
  });
  return { close: () => cleanup.dispose() };
}
