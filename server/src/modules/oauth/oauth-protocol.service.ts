import OAuth2Server from '@node-oauth/oauth2-server';
import {
  API_SCOPES,
  OAUTH_ACCESS_TOKEN_SECONDS,
  OAUTH_AUTH_METHODS,
  OAUTH_CODE_SECONDS,
  OAUTH_MESSAGES,
  OAUTH_REFRESH_TOKEN_SECONDS,
  OAUTH_REGISTER_LIMIT,
  oauthRegistrationSchema,
  parseScopeText,
  TOKEN_MESSAGES,
  type ApiScope,
} from '@rules';
import { and, eq, isNull, lt, notExists, or } from 'drizzle-orm';
import { ZodError } from 'zod';
import { newClientId, newClientSecret, oauthHashOf } from '../../auth/oauth-tokens';
import { limitedWrite } from '../../auth/rate-limit';
import { oauthClients, oauthGrants } from '../../db/schema';
import { AppError } from '../../errors';
import {
  authenticateClient,
  findClient,
  grantableScopes,
  oauthModel,
  redirectUriMatches,
  revokeGrants,
  OAUTH_GRANTS,
  type OAuthClient,
  type OAuthDeps,
  type OAuthUser,
} from './oauth-model';

/**
 * The OAuth 2.1 endpoints' work: the library (@node-oauth/oauth2-server) runs authorization and
 * token exchange on our model; this file adds what it has no handler for (revocation, RFC 7009;
 * dynamic registration, RFC 7591; metadata, RFC 8414) and the consent screen's preview.
 */

/** An HTTP answer in the protocol's own shape (RFC 6749 §5), for the REST layer to send. */
export interface OAuthAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** The request as the library reads it. */
export interface OAuthHttpRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

const libraryOptions = {
  accessTokenLifetime: OAUTH_ACCESS_TOKEN_SECONDS,
  refreshTokenLifetime: OAUTH_REFRESH_TOKEN_SECONDS,
  authorizationCodeLifetime: OAUTH_CODE_SECONDS,
  // PKCE protects the code's round trip, so `state` is the app's own business (OAuth 2.1 §7.5.1).
  allowEmptyState: true,
  // A public app refreshes with its client id; a confidential one still proves itself (the model).
  requireClientAuthentication: { refresh_token: false },
  // Refresh token rotation: each refresh hands out a new refresh token and retires the old one.
  alwaysIssueNewRefreshToken: true,
};

const serverFor = (deps: OAuthDeps, checkSecrets: boolean) =>
  new OAuth2Server({ ...libraryOptions, model: oauthModel(deps, { checkSecrets }) });

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

const oauthErrorAnswer = (error: string, description: string, status = 400): OAuthAnswer => ({
  status,
  headers: { ...NO_STORE },
  body: { error, error_description: description },
});

function libraryRequest(request: OAuthHttpRequest) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (typeof value === 'string') headers[name] = value;
  return new OAuth2Server.Request({
    method: request.method,
    headers,
    query: request.query as Record<string, string>,
    body: typeof request.body === 'object' && request.body !== null ? request.body : {},
  });
}

/**
 * POST /api/oauth/token: authorization_code (with code_verifier) and refresh_token, answered as
 * RFC 6749 §5 says, whatever the outcome.
 */
export async function exchangeToken(
  deps: OAuthDeps,
  request: OAuthHttpRequest,
): Promise<OAuthAnswer> {
  const response = new OAuth2Server.Response();
  try {
    await serverFor(deps, true).token(libraryRequest(request), response);
  } catch (error) {
    if (!(error instanceof OAuth2Server.OAuthError)) throw error;
    if (error instanceof OAuth2Server.ServerError)
      deps.log.error({ err: error }, 'oauth token exchange failed');
  }
  return {
    status: response.status ?? 200,
    headers: { ...NO_STORE, ...(response.headers ?? {}) },
    body: response.body as Record<string, unknown>,
  };
}

/** Client credentials from `Authorization: Basic` (RFC 6749 §2.3.1: each form-encoded). */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header && /^Basic\s+([A-Za-z0-9+/=]+)\s*$/iu.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const unform = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/gu, ' '));
    } catch {
      return text;
    }
  };
  return { id: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
}

const stringField = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' && value ? value : undefined;
};

/**
 * POST /api/oauth/revoke (RFC 7009): the app names one of its access or refresh tokens, and the
 * whole grant goes (its other tokens too: §2.1 allows it, and the person sees one authorization).
 * An unknown token, or another app's, is answered 200 like a revoked one, and changes nothing.
 */
export async function revokeToken(
  deps: OAuthDeps,
  request: OAuthHttpRequest,
): Promise<OAuthAnswer> {
  const authorization = request.headers.authorization;
  const basic = basicCredentials(typeof authorization === 'string' ? authorization : undefined);
  const clientId = basic?.id ?? stringField(request.body, 'client_id');
  const secret = basic?.secret ?? stringField(request.body, 'client_secret');
  const client = clientId ? await authenticateClient(deps, clientId, secret) : null;
  if (!client) {
    const answer = oauthErrorAnswer('invalid_client', 'Invalid client: client is invalid', 401);
    if (basic) answer.headers['www-authenticate'] = 'Basic realm="Service"';
    return answer;
  }
  const token = stringField(request.body, 'token');
  if (!token) return oauthErrorAnswer('invalid_request', 'Missing parameter: `token`');
  const hash = oauthHashOf(token);
  await revokeGrants(
    deps,
    and(
      eq(oauthGrants.clientId, client.id),
      or(eq(oauthGrants.accessTokenHash, hash), eq(oauthGrants.refreshTokenHash, hash)),
    ),
  );
  return { status: 200, headers: { ...NO_STORE }, body: {} };
}

/** Where the server lives, as apps must name it (RFC 8414 `issuer`). */
export const issuerOf = (deps: OAuthDeps) => deps.config.publicUrl.replace(/\/+$/u, '');

/** GET /.well-known/oauth-authorization-server (RFC 8414). */
export function authorizationServerMetadata(deps: OAuthDeps) {
  const issuer = issuerOf(deps);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/api/oauth/token`,
    registration_endpoint: `${issuer}/api/oauth/register`,
    revocation_endpoint: `${issuer}/api/oauth/revoke`,
    scopes_supported: [...API_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: OAUTH_GRANTS,
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...OAUTH_AUTH_METHODS],
    revocation_endpoint_auth_methods_supported: [...OAUTH_AUTH_METHODS],
  };
}

/** A self-registered app nobody authorised within this many days is deleted. */
const ABANDONED_CLIENT_DAYS = 30;

/**
 * Self-registered apps that never got (or no longer hold) a grant after ABANDONED_CLIENT_DAYS go,
 * as new ones come: registration is open, and its rows must not pile up.
 */
async function pruneAbandonedClients(deps: OAuthDeps) {
  await deps.db
    .delete(oauthClients)
    .where(
      and(
        isNull(oauthClients.ownerId),
        lt(oauthClients.createdAt, new Date(Date.now() - ABANDONED_CLIENT_DAYS * 86_400_000)),
        notExists(
          deps.db
            .select({ id: oauthGrants.id })
            .from(oauthGrants)
            .where(eq(oauthGrants.clientId, oauthClients.id)),
        ),
      ),
    );
}

/**
 * POST /api/oauth/register (RFC 7591): an app registers itself, without an owner, rate limited per
 * address. Answers 201 with its client id (and secret, unless it asked for `none`), or 400 with
 * invalid_redirect_uri or invalid_client_metadata.
 */
export async function registerClient(
  deps: OAuthDeps,
  clientAddress: string,
  metadata: unknown,
): Promise<OAuthAnswer> {
  let parsed;
  try {
    parsed = oauthRegistrationSchema.parse(metadata);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const issue = error.issues[0];
    const error_ =
      issue?.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    const field = issue?.path.join('.');
    return oauthErrorAnswer(error_, `${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`);
  }
  const scopes = parsed.scope === undefined ? [...API_SCOPES] : parseScopeText(parsed.scope);
  if (!scopes?.length)
    return oauthErrorAnswer('invalid_client_metadata', `scope: ${TOKEN_MESSAGES.scopeUnknown}`);
  const id = newClientId();
  const secret = parsed.token_endpoint_auth_method === 'none' ? null : newClientSecret();
  // An app that gives no name is shown by where it sends people back.
  const name = parsed.client_name ?? new URL(parsed.redirect_uris[0]!).host;
  await pruneAbandonedClients(deps);
  const created = await limitedWrite(
    deps.db,
    'oauth-register',
    `address:${clientAddress}`,
    OAUTH_REGISTER_LIMIT,
    async (tx) => {
      const [row] = await tx
        .insert(oauthClients)
        .values({
          id,
          ownerId: null,
          name,
          redirectUris: parsed.redirect_uris,
          secretHash: secret && oauthHashOf(secret),
          authMethod: parsed.token_endpoint_auth_method,
          scopes,
        })
        .returning({ createdAt: oauthClients.createdAt });
      return row!;
    },
  );
  return {
    status: 201,
    headers: { ...NO_STORE },
    body: {
      client_id: id,
      client_id_issued_at: Math.floor(created.createdAt.getTime() / 1000),
      ...(secret && { client_secret: secret, client_secret_expires_at: 0 }),
      client_name: name,
      redirect_uris: parsed.redirect_uris,
      token_endpoint_auth_method: parsed.token_endpoint_auth_method,
      grant_types: OAUTH_GRANTS,
      response_types: ['code'],
      scope: scopes.join(' '),
    },
  };
}

/** The authorization request's parameters (a query string), each at most once (RFC 6749 §3.1). */
function authorizationParams(query: string): Record<string, string> {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const single: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in single) throw new AppError('BAD_USER_INPUT', OAUTH_MESSAGES.badRequest);
    single[name] = value;
  }
  return single;
}

/**
 * The app and redirect URI of an authorization request, checked before anything is sent back to
 * that URI: an unknown app or a URI it did not register is told to the person, never redirected
 * to (RFC 6749 §4.1.2.1). The redirect URI is required, so the token request can repeat it.
 */
async function trustedTarget(deps: OAuthDeps, params: Record<string, string>) {
  const client = params.client_id ? await findClient(deps, params.client_id) : null;
  if (!client) throw new AppError('NOT_FOUND', OAUTH_MESSAGES.unknownApp);
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !redirectUriMatches(redirectUri, client.redirectUris))
    throw new AppError('BAD_USER_INPUT', OAUTH_MESSAGES.redirectMismatch, {
      field: 'redirect_uri',
    });
  return { client, redirectUri };
}

/** The redirect that tells the app its request failed (RFC 6749 §4.1.2.1). */
function errorRedirect(
  redirectUri: string,
  state: string | undefined,
  error: string,
  description: string,
) {
  const url = new URL(redirectUri);
  url.searchParams.set('error', error);
  url.searchParams.set('error_description', description);
  if (state) url.searchParams.set('state', state);
  return url.toString();
}

export interface AuthorizationPreview {
  client: OAuthClient;
  redirectUri: string;
  /** What Allow grants. */
  scopes: ApiScope[];
  /** What the app asked for that this person cannot give it (admin, for most). */
  withheldScopes: ApiScope[];
  /** Set when the request cannot be granted: the app is sent back there with the error. */
  errorRedirect: string | null;
}

/**
 * What the consent screen shows: the app, where it sends the person back, and the scopes it
 * would get; or the error redirect, for a request that is wrong in a way the app must hear of
 * (the library would answer the same when the person decides).
 */
export async function previewAuthorization(
  deps: OAuthDeps,
  user: OAuthUser,
  query: string,
): Promise<AuthorizationPreview> {
  const params = authorizationParams(query);
  const { client, redirectUri } = await trustedTarget(deps, params);
  const base = { client, redirectUri, scopes: [], withheldScopes: [] };
  const fail = (error: string, description: string): AuthorizationPreview => ({
    ...base,
    errorRedirect: errorRedirect(redirectUri, params.state, error, description),
  });
  if (params.response_type !== 'code')
    return fail('unsupported_response_type', 'Only response_type=code is supported');
  if (!params.code_challenge)
    return fail('invalid_request', 'PKCE is required: send a code_challenge with method S256');
  if ((params.code_challenge_method ?? 'S256') !== 'S256')
    return fail('invalid_request', 'code_challenge_method must be S256');
  const asked = params.scope?.split(' ').filter(Boolean);
  const scopes = grantableScopes(user, client, asked);
  if (!scopes) return fail('invalid_scope', 'Invalid scope: Requested scope is invalid');
  const withheldScopes = API_SCOPES.filter(
    (scope) => asked?.includes(scope) && !scopes.includes(scope),
  );
  return { ...base, scopes, withheldScopes, errorRedirect: null };
}

/**
 * The person's decision: the library issues the code (Allow) or the access_denied answer (Deny),
 * both as the redirect back to the app. A request whose app or redirect URI is wrong has no
 * redirect and is refused here.
 */
export async function decideAuthorization(
  deps: OAuthDeps,
  user: OAuthUser,
  query: string,
  allow: boolean,
): Promise<{ redirectTo: string }> {
  const params = authorizationParams(query);
  await trustedTarget(deps, params);
  const request = new OAuth2Server.Request({
    method: 'POST',
    headers: {},
    query: params,
    body: { allowed: allow ? 'true' : 'false' },
  });
  const response = new OAuth2Server.Response();
  try {
    await serverFor(deps, false).authorize(request, response, {
      authenticateHandler: { handle: () => user },
    });
  } catch (error) {
    if (!(error instanceof OAuth2Server.OAuthError)) throw error;
    if (error instanceof OAuth2Server.ServerError)
      deps.log.error({ err: error }, 'oauth authorization failed');
    if (!response.headers?.location)
      throw new AppError('BAD_USER_INPUT', OAUTH_MESSAGES.badRequest);
  }
  return { redirectTo: response.headers!.location! };
}
