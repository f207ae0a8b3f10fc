import type { Server } from 'node:http';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { AppDeps, Context } from '../context';
import { UNAVAILABLE_RETRY_SECONDS } from '../errors';
import { formatGraphQLError } from './errors';
import { operationScopeRefusal, scopeGraphQLError } from './token-scopes';
import { PARSE_OPTIONS, operationVariablesError, operationLimitRules } from './limits';

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

/** An access token runs only the root fields its scopes cover (auth/scopes.ts); a session, all. */
const tokenScopes: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ contextValue, document, operation }) {
        const refusal =
          operation && operationScopeRefusal(contextValue.scopes, document, operation);
        if (refusal) throw scopeGraphQLError(refusal, true);
      },
    };
  },
};

const costLimit = (schema: GraphQLSchema): ApolloServerPlugin<Context> => ({
  async requestDidStart() {
    return {
      async didResolveOperation({ document, request }) {
        const error = operationVariablesError(
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

/**
 * GraphQL answers a field's failure with 200 and the error in `errors`; while the database is
 * unavailable the whole request failed for a reason the client should retry, so it gets REST's
 * answer: 503 with Retry-After.
 */
const unavailableAsHttp503: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        const unavailable = response.body.singleResult.errors?.find(
          (error) => error.extensions?.code === 'UNAVAILABLE',
        );
        if (!unavailable) return;
        const retryAfter = unavailable.extensions?.retryAfterSeconds;
        response.http.status = 503;
        response.http.headers.set(
          'retry-after',
          String(typeof retryAfter === 'number' ? retryAfter : UNAVAILABLE_RETRY_SECONDS),
        );
      },
    };
  },
};

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
      // Apollo's page loads its scripts from a CDN, which the CSP refuses: /graphiql is the one.
      ApolloServerPluginLandingPageDisabled(),
      refuseHttpSubscriptions,
      tokenScopes,
      costLimit(schema),
      unavailableAsHttp503,
    ],
  });
}
