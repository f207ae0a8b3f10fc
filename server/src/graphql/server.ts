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

/**
 * Whether an Accept header takes `type`: the most specific range that names it (the type itself,
 * then `application/*`, then `*\/*`) does not give it q=0.
 */
function accepts(accept: string, type: string): boolean {
  const ranges = [type, `${type.split('/')[0]}/*`, '*/*'];
  let best: { rank: number; quality: number } | null = null;
  for (const range of accept.split(',')) {
    const [name = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const rank = ranges.indexOf(name);
    if (rank === -1 || (best && best.rank <= rank)) continue;
    const q = params.find((param) => param.startsWith('q='));
    best = { rank, quality: q ? Number(q.slice(2)) : 1 };
  }
  return best !== null && best.quality > 0;
}

/** The codes of a well-formed request whose document or variables are refused before it runs. */
const DOCUMENT_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'OPERATION_RESOLUTION_FAILURE',
  // Variables that do not coerce, and a document or variables past the cost limit (costLimit).
  'BAD_USER_INPUT',
]);

/**
 * GraphQL over HTTP's status for a document refused before it runs (it does not parse, validate or
 * name an operation, or its variables do not coerce or cost too much). Apollo answers 400, what
 * the spec asks of an `application/graphql-response+json` answer. An `application/json` client
 * predates that type and cannot tell a 4xx from a proxy's error page, so the spec's SHOULD for it
 * is 200 with the errors: given to a client that accepts `application/json` and not the new type.
 * One that accepts both (Apollo Client does) or `*\/*`, or sends no Accept, keeps 400: since
 * 2025 the spec lets a server take a missing Accept as the new type. A malformed request (a body
 * that is not JSON, no query) stays 400 whatever it accepts.
 */
const legacyJsonStatus: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async willSendResponse({ request, response }) {
        if (response.http.status !== 400 || response.body.kind !== 'single') return;
        const accept = request.http?.headers.get('accept');
        if (
          !accept ||
          !accepts(accept, 'application/json') ||
          accepts(accept, 'application/graphql-response+json')
        )
          return;
        const errors = response.body.singleResult.errors ?? [];
        const code = (error: (typeof errors)[number]) => String(error.extensions?.code);
        if (errors.length && errors.every((error) => DOCUMENT_ERROR_CODES.has(code(error))))
          response.http.status = 200;
      },
    };
  },
};

export function createApollo(schema: GraphQLSchema, deps: AppDeps, httpServer: Server) {
  return new ApolloServer<Context>({
    schema,
    introspection: true,
    // A GET must carry a header that a cross-site page cannot send without a preflight: Apollo's
    // two, or the Authorization an API client sends anyway (a browser adds one by itself only
    // for HTTP Basic credentials, and a GET runs no mutation). A JSON POST needs none.
    csrfPrevention: {
      requestHeaders: ['apollo-require-preflight', 'x-apollo-operation-name', 'authorization'],
    },
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
      legacyJsonStatus,
    ],
  });
}
