import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
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
import type { Context as SocketContext, SubscribePayload } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createContext, type AppDeps, type Context } from '../context';
import { formatGraphQLError } from './errors';
import { PARSE_OPTIONS, operationCostError, operationLimitRules } from './limits';

/** Subscriptions are served over websockets only: Apollo would otherwise run one as a query. */
const refuseHttpSubscriptions: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation === 'subscription') {
          throw new GraphQLError(
            'Subscriptions are served over websockets (graphql-ws) at /graphql',
            {
              extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
            },
          );
        }
      },
    };
  },
};

const costLimit = (schema: GraphQLSchema): ApolloServerPlugin<Context> => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request }) {
        const error = operationCostError(
          schema,
          document,
          request.operationName,
          request.variables,
        );
        // Thrown here, Apollo would answer 500; a refused query is the client's error, like a validation failure.
        if (error)
          throw new GraphQLError(error.message, {
            extensions: { ...error.extensions, http: { status: 400 } },
          });
      },
    };
  },
});

export function createApollo(schema: GraphQLSchema, deps: AppDeps, httpServer: Server) {
  return new ApolloServer<Context>({
    schema,
    introspection: true,
    csrfPrevention: true,
    // main.ts owns SIGTERM/SIGINT: it stops HTTP, websockets and the database in order, in each worker.
    stopOnTerminationSignals: false,
    parseOptions: PARSE_OPTIONS,
    validationRules: operationLimitRules,
    // Apollo's default sends stack traces whenever NODE_ENV is neither production nor test (unset
    // included); no client needs them.
    includeStacktraceInErrorResponses: false,
    formatError: formatGraphQLError(deps.log),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // No HTTP caching hints are used; without this Apollo wraps every field resolver to track them.
      ApolloServerPluginCacheControlDisabled(),
      refuseHttpSubscriptions,
      costLimit(schema),
    ],
  });
}

/** The token a websocket client sends: `connectionParams.token` (or `authorization`), else the cookie. */
function websocketToken(
  deps: AppDeps,
  params: Record<string, unknown> | undefined,
  cookieHeader?: string,
) {
  const given =
    params?.token ?? params?.authToken ?? params?.authorization ?? params?.Authorization;
  if (typeof given === 'string' && given) return deps.sessions.readBearer(given) ?? given;
  return cookieHeader ? deps.sessions.readCookie(cookieHeader) : null;
}

/** graphql-ws's state for one socket: its connection params, open operations and ws extras. */
type Socket = SocketContext<Record<string, unknown>, Extra>;

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
  const costError = operationCostError(schema, document, payload.operationName, payload.variables);
  if (costError) return [costError];
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
function operationQuota(personOf: (socket: Socket) => Promise<string | null>) {
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

  return async (socket: Socket, id: string): Promise<GraphQLError | null> => {
    const person = await personOf(socket);
    // From here on nothing awaits, so operations arriving together are counted one after another.
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

/** Who a socket signed in as, looked up once per socket (a failed lookup is tried again). */
function socketPerson(deps: AppDeps) {
  const people = new WeakMap<Socket, Promise<string | null>>();
  return (socket: Socket): Promise<string | null> => {
    let person = people.get(socket);
    if (!person) {
      const token = websocketToken(
        deps,
        socket.connectionParams,
        socket.extra.request.headers.cookie,
      );
      person = token
        ? deps.sessions.validate(token).then(
            (session) => session?.viewer.id ?? null,
            (error: unknown) => {
              people.delete(socket);
              throw error;
            },
          )
        : Promise.resolve(null);
      people.set(socket, person);
    }
    return person;
  };
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

export function attachSubscriptions(schema: GraphQLSchema, deps: AppDeps, httpServer: Server) {
  // Over the limit, ws closes the socket with 1009 as soon as a frame header announces the size.
  const wsServer = new WebSocketServer({
    server: httpServer,
    path: '/graphql',
    maxPayload: REQUEST_MAX_BYTES,
  });
  const formatError = formatGraphQLError(deps.log);
  const overQuota = operationQuota(socketPerson(deps));
  const cleanup = useServer<
    Record<string, unknown>,
    { request: { headers: { cookie?: string }; socket: { remoteAddress?: string } } }
  >(
    {
      schema,
      context: (ctx) =>
        createContext(deps, {
          token: websocketToken(deps, ctx.connectionParams, ctx.extra.request.headers.cookie),
          clientAddress: ctx.extra.request.socket.remoteAddress ?? 'unknown',
          requestId: randomUUID(),
        }),
      onSubscribe: async (ctx, id, payload) => {
        const refused = await overQuota(ctx, id);
        return refused ? [refused] : prepareOperation(schema, payload);
      },
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
  return { close: () => cleanup.dispose() };
}
