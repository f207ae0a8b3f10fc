import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  GraphQLError,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type GraphQLSchema,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createContext, type AppDeps, type Context } from '../context';
import { formatGraphQLError } from './errors';
import { operationCostError, operationLimitRules } from './limits';

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
    validationRules: operationLimitRules,
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

export function attachSubscriptions(schema: GraphQLSchema, deps: AppDeps, httpServer: Server) {
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const formatError = formatGraphQLError(deps.log);
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
      onSubscribe: (_ctx, _id, payload) => {
        const document = parse(payload.query);
        const errors = validate(schema, document, [...specifiedRules, ...operationLimitRules]);
        const costError = errors.length
          ? null
          : operationCostError(schema, document, payload.operationName, payload.variables);
        if (errors.length || costError) return [...errors, ...(costError ? [costError] : [])];
        if (!getOperationAST(document, payload.operationName))
          return [new GraphQLError('Unknown operation')];
        return undefined;
      },
      // Same error shape as over HTTP: AppError codes in extensions, internals hidden.
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors
          ? { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) }
          : undefined,
      onError: (_ctx, _id, _payload, errors) => {
        deps.log.warn({ errors: errors.map((error) => error.message) }, 'subscription error');
      },
    },
    wsServer,
  );
  return { close: () => cleanup.dispose() };
}
