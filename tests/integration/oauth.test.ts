import { createHash, randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, gqlError, rest, subscribe } from '../helpers/clients';
import { giveSiteRole, postStory, signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * OAuth 2.1 as a third-party app meets it: discovery (RFC 8414), dynamic registration (RFC 7591),
 * the authorization code flow with PKCE, the API over HTTP and websocket with the token, refresh
 * with rotation, and revocation by the person (and by the app, RFC 7009). The person's consent is
 * given through the GraphQL calls the consent screen makes.
 */

let server: TestServer;
let person: TestUser;

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';

const CONSENT = `query($request: String!) { oauthConsent(request: $request) {
  clientId appName registeredBy redirectUri scopes withheldScopes errorRedirect } }`;
const DECIDE = `mutation($request: String!, $allow: Boolean!) {
  decideOAuthConsent(request: $request, allow: $allow) { redirectTo } }`;
const AUTHORIZED = `{ authorizedOAuthApps { clientId name scopes lastUsedAt } }`;
const REVOKE_APP = `mutation($clientId: ID!) { revokeOAuthApp(clientId: $clientId) }`;
const CREATE_APP = `mutation($input: CreateOAuthAppInput!) {
  createOAuthApp(input: $input) { clientSecret app { clientId name redirectUris confidential } } }`;
const MY_APPS = `{ myOAuthApps { clientId name confidential } }`;
const DELETE_APP = `mutation($clientId: ID!) { deleteOAuthApp(clientId: $clientId) }`;
const POST_STORY = `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`;
const STORY_ADDED = `subscription { storyAdded { id } }`;

interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function pkce() {
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  return { verifier, challenge };
}

async function form(path: string, fields: Record<string, string>, headers = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

let registrations = 0;

/**
 * Dynamic registration as an app makes it; each from an address of its own unless `headers` say
 * otherwise, so the per-address limit is met only where a test means to.
 */
async function register(
  metadata: Record<string, unknown>,
  headers: Record<string, string> = {
    'x-forwarded-for': `192.0.2.${(registrations += 1) % 250}`,
  },
) {
  const response = await fetch(`${server.url}/api/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(metadata),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, string>,
  };
}

const authorizationQuery = (params: Record<string, string>) =>
  `?${new URLSearchParams({ response_type: 'code', redirect_uri: REDIRECT_URI, ...params })}`;

/** The consent screen's Allow (or Deny): where the person's browser is sent back to. */
async function decide(user: TestUser, request: string, allow = true) {
  const data = await gqlData<{ decideOAuthConsent: { redirectTo: string } }>(
    server.url,
    DECIDE,
    { request, allow },
    { token: user.token },
  );
  return new URL(data.decideOAuthConsent.redirectTo);
}

/** A public app registered and authorised by `user` for `scope`: its tokens. */
async function authorisedApp(user: TestUser, scope: string) {
  const app = await register({
    client_name: 'Story Bot',
    redirect_uris: [REDIRECT_URI],
    token_endpoint_auth_method: 'none',
  });
  const clientId = app.body.client_id!;
  const { verifier, challenge } = pkce();
  const back = await decide(
    user,
    authorizationQuery({
      client_id: clientId,
      scope,
      state: 'xyz',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
  );
  const tokens = await form('/api/oauth/token', {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code')!,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
    code_verifier: verifier,
  });
  expect(tokens.status).toBe(200);
  return { clientId, tokens: tokens.body as Tokens };
}

beforeAll(async () => {
  // 127.0.0.1 plays a trusted reverse proxy, so a registration can come from another address.
  server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  person = await signUpVerified(server, { displayName: 'Consenting Person' });
});
afterAll(async () => {
  await server?.stop();
});

describe('OAuth discovery and registration', () => {
  it('publishes its authorization server metadata (RFC 8414)', async () => {
    const response = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const metadata = (await response.json()) as Record<string, unknown>;
    // The issuer is PUBLIC_URL (http://localhost:<port> in tests), where the endpoints live.
    const issuer = server.deps.config.publicUrl;
    expect(metadata).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/api/oauth/token`,
      registration_endpoint: `${issuer}/api/oauth/register`,
      revocation_endpoint: `${issuer}/api/oauth/revoke`,
      scopes_supported: ['read', 'write', 'chat', 'notifications', 'admin'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    });
  });

  it('registers an app dynamically (RFC 7591), with a secret unless it asks for none', async () => {
    const publicApp = await register({
      client_name: 'CLI',
      redirect_uris: ['http://localhost:8123/cb'],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'read write',
    });
    expect(publicApp.status).toBe(201);
    expect(publicApp.body).toMatchObject({
      client_name: 'CLI',
      redirect_uris: ['http://localhost:8123/cb'],
      token_endpoint_auth_method: 'none',
      scope: 'read write',
    });
    expect(publicApp.body.client_id).toBeTruthy();
    expect(publicApp.body.client_secret).toBeUndefined();

    const confidential = await register({ redirect_uris: ['https://app.example/cb'] });
    expect(confidential.status).toBe(201);
    expect(confidential.body).toMatchObject({
      client_name: 'app.example',
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret_expires_at: 0,
    });
    expect(confidential.body.client_secret).toMatch(/^bocs_/);
  });

  it('refuses redirect URIs that are not https or local, and unknown metadata values', async () => {
    for (const uri of ['http://app.example/cb', 'https://app.example/cb#x', 'not a url']) {
      const refused = await register({ redirect_uris: [uri] });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_redirect_uri');
    }
    expect((await register({ redirect_uris: [] })).body.error).toBe('invalid_redirect_uri');
    const badScope = await register({ redirect_uris: [REDIRECT_URI], scope: 'read everything' });
    expect(badScope.body.error).toBe('invalid_client_metadata');
    const badMethod = await register({
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'private_key_jwt',
    });
    expect(badMethod.body.error).toBe('invalid_client_metadata');
  });
  it('limits registrations to 20 an hour per address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.99' };
    const metadata = { redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' };
    for (let count = 0; count < 20; count += 1)
      expect((await register(metadata, from)).status).toBe(201);
    const refused = await register(metadata, from);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('temporarily_unavailable');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address registers as before.
    expect((await register(metadata, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(201);
  });
});

describe('an app a person authorises with PKCE', () => {
  it('works the API within its scopes, live too, refreshes, and is revoked by the person', async () => {
    // The app registers itself and sends the person to the consent screen.
    const app = await register({
      client_name: 'Story Bot',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    });
    expect(app.status).toBe(201);
    const clientId = app.body.client_id!;
    const { verifier, challenge } = pkce();
    const request = authorizationQuery({
      client_id: clientId,
      scope: 'read write admin',
      state: 'state-123',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });

    // The consent screen shows the app and what it asks; admin is beyond this person.
    const consent = await gqlData<{ oauthConsent: Record<string, unknown> }>(
      server.url,
      CONSENT,
      { request },
      { token: person.token },
    );
    expect(consent.oauthConsent).toEqual({
      clientId,
      appName: 'Story Bot',
      registeredBy: null,
      redirectUri: REDIRECT_URI,
      scopes: ['read', 'write'],
      withheldScopes: ['admin'],
      errorRedirect: null,
    });

    // Allow: the person is sent back with a code and the app's state.
    const back = await decide(person, request);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();

    // A wrong verifier fails, and the code is spent by the attempt.
    const wrong = await form('/api/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: pkce().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');

    // A fresh authorization, exchanged properly.
    const again = await decide(person, request);
    const exchanged = await form('/api/oauth/token', {
      grant_type: 'authorization_code',
      code: again.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: verifier,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.headers.get('cache-control')).toBe('no-store');
    const tokens = exchanged.body as Tokens;
    expect(tokens).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
    expect(tokens.expires_in).toBeGreaterThan(3590);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);
    expect(tokens.access_token).toMatch(/^boat_/);
    expect(tokens.refresh_token).toMatch(/^bort_/);

    // The app lists stories and posts one, as the person, over REST and GraphQL.
    const listed = await rest(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
      undefined,
      tokens.access_token,
    );
    expect(listed.status).toBe(200);
    const posted = await rest<{ newItem: { id: string } }>(
      server.url,
      'POST',
      '/api/add',
      { path: 'stories', data: { story: '<p>Posted by an OAuth app #water</p>' } },
      tokens.access_token,
    );
    expect(posted.status).toBe(201);
    const viaGraphql = await gqlData<{ createStory: { id: string } }>(
      server.url,
      POST_STORY,
      { input: { story: '<p>Also from the app #water</p>' } },
      { token: tokens.access_token },
    );
    expect(viaGraphql.createStory.id).toBeTruthy();

    // Scopes it was not granted answer 403.
    const chat = await gql(
      server.url,
      `{ chatTotals(spaceId: "ww") { totalNewMessages } }`,
      {},
      { token: tokens.access_token },
    );
    expect(chat.status).toBe(403);
    expect(chat.errors?.[0]?.message).toBe('This token does not have the chat scope');
    const moderation = await rest(server.url, 'GET', '/api/tokens', undefined, tokens.access_token);
    expect(moderation.status).toBe(403);
    const consentWithToken = await gql(server.url, AUTHORIZED, {}, { token: tokens.access_token });
    expect(consentWithToken.status).toBe(403);

    // Live: the app subscribes over the websocket with its token.
    const live = await subscribe(server.url, STORY_ADDED, {}, { token: tokens.access_token });
    await postStory(server, person, '<p>Seen live by the app #water</p>');
    expect(await live.take(1)).toHaveLength(1);

    // Refresh: a new pair; the old access token stops, the socket stays with its grant.
    const refreshed = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(refreshed.status).toBe(200);
    const renewed = refreshed.body as Tokens;
    expect(renewed.access_token).not.toBe(tokens.access_token);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(renewed.scope).toBe('read write');
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, tokens.access_token)).status,
    ).toBe(401);
    const me = await gqlData<{ me: { id: string } }>(
      server.url,
      `{ me { id } }`,
      {},
      { token: renewed.access_token },
    );
    expect(me.me.id).toBe(person.id);

    // The person sees the app among those they authorised, and revokes it.
    const authorised = await gqlData<{ authorizedOAuthApps: Record<string, unknown>[] }>(
      server.url,
      AUTHORIZED,
      {},
      { token: person.token },
    );
    expect(authorised.authorizedOAuthApps).toContainEqual(
      expect.objectContaining({ clientId, name: 'Story Bot', scopes: ['read', 'write'] }),
    );
    await gqlData(server.url, REVOKE_APP, { clientId }, { token: person.token });

    expect(await live.closedByServer).toEqual({ code: 4401, reason: 'Session ended' });
    const refused = await rest(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
      undefined,
      renewed.access_token,
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');
    const noRefresh = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: renewed.refresh_token,
      client_id: clientId,
    });
    expect(noRefresh.body.error).toBe('invalid_grant');
    const gone = await gqlData<{ authorizedOAuthApps: { clientId: string }[] }>(
      server.url,
      AUTHORIZED,
      {},
      { token: person.token },
    );
    expect(gone.authorizedOAuthApps.map((row) => row.clientId)).not.toContain(clientId);
  });

  it('sends the person back with access_denied when they deny', async () => {
    const app = await register({
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    });
    const back = await decide(
      person,
      authorizationQuery({
        client_id: app.body.client_id!,
        state: 's',
        code_challenge: pkce().challenge,
      }),
      false,
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('requires PKCE with S256, a registered redirect URI and a known app', async () => {
    const app = await register({
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    });
    const clientId = app.body.client_id!;
    const noPkce = await gqlData<{ oauthConsent: { errorRedirect: string } }>(
      server.url,
      CONSENT,
      { request: authorizationQuery({ client_id: clientId }) },
      { token: person.token },
    );
    expect(new URL(noPkce.oauthConsent.errorRedirect).searchParams.get('error')).toBe(
      'invalid_request',
    );
    const noPkceDecided = await decide(person, authorizationQuery({ client_id: clientId }));
    expect(noPkceDecided.searchParams.get('error')).toBe('invalid_request');
    expect(noPkceDecided.searchParams.get('code')).toBeNull();
    const plain = await decide(
      person,
      authorizationQuery({
        client_id: clientId,
        code_challenge: pkce().verifier,
        code_challenge_method: 'plain',
      }),
    );
    expect(plain.searchParams.get('error')).toBe('invalid_request');

    const elsewhere = await gqlError(
      server.url,
      CONSENT,
      {
        request: authorizationQuery({
          client_id: clientId,
          redirect_uri: 'https://attacker.example/cb',
          code_challenge: pkce().challenge,
        }),
      },
      { token: person.token },
    );
    expect(elsewhere.message).toBe('This redirect URI is not one the app registered');
    const unknown = await gqlError(
      server.url,
      DECIDE,
      { request: authorizationQuery({ client_id: 'nope' }), allow: true },
      { token: person.token },
    );
    expect(unknown.message).toBe('No app is registered with this client id');
    // Signed out, the consent screen asks to sign in first.
    expect(
      (
        await gqlError(server.url, CONSENT, {
          request: authorizationQuery({ client_id: clientId }),
        })
      ).code,
    ).toBe('UNAUTHENTICATED');
  });

  it('accepts any port on a loopback redirect URI, as native apps pick one', async () => {
    const app = await register({
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    });
    const { challenge } = pkce();
    const back = await decide(
      person,
      authorizationQuery({
        client_id: app.body.client_id!,
        redirect_uri: 'http://127.0.0.1:51234/callback',
        code_challenge: challenge,
      }),
    );
    expect(back.port).toBe('51234');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('grants the admin scope only when a site admin or moderator consents', async () => {
    const moderator = await signUpVerified(server);
    await giveSiteRole(server, moderator, 'moderator');
    const { tokens } = await authorisedApp(moderator, 'read admin');
    expect(tokens.scope).toBe('read admin');
    const queue = await gql(
      server.url,
      `{ reportQueue(first: 1) { items { id } } }`,
      {},
      { token: tokens.access_token },
    );
    expect(queue.status).toBe(200);

    const { tokens: plain } = await authorisedApp(person, 'read admin');
    expect(plain.scope).toBe('read');
    const adminOnly = await decide(
      person,
      authorizationQuery({
        client_id: (
          await register({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' })
        ).body.client_id!,
        scope: 'admin',
        code_challenge: pkce().challenge,
      }),
    );
    expect(adminOnly.searchParams.get('error')).toBe('invalid_scope');
  });

  it('revokes the whole grant when a used refresh token comes back (rotation)', async () => {
    const { clientId, tokens } = await authorisedApp(person, 'read');
    const first = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(first.status).toBe(200);
    const replay = await form('/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: clientId,
    });
    expect(replay.body.error).toBe('invalid_grant');
    // The replay ended the grant: the pair the first refresh gave stops too.
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, first.body.access_token))
        .status,
    ).toBe(401);
  });

  it('lets the app revoke its own token (RFC 7009), which ends the grant', async () => {
    const { clientId, tokens } = await authorisedApp(person, 'read');
    const stranger = await register({
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    });
    // Another app naming the token changes nothing.
    const foreign = await form('/api/oauth/revoke', {
      token: tokens.access_token,
      client_id: stranger.body.client_id!,
    });
    expect(foreign.status).toBe(200);
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, tokens.access_token)).status,
    ).toBe(200);
    const revoked = await form('/api/oauth/revoke', {
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: clientId,
    });
    expect(revoked.status).toBe(200);
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, tokens.access_token)).status,
    ).toBe(401);
    const unknownClient = await form('/api/oauth/revoke', { token: 'x', client_id: 'nope' });
    expect(unknownClient.status).toBe(401);
    expect(unknownClient.body.error).toBe('invalid_client');
  });
});

describe('apps a person registers in settings', () => {
  it('shows a confidential app its secret once, requires it at the token endpoint, and deletes', async () => {
    const owner = await signUpVerified(server, { displayName: 'App Maker' });
    const created = await gqlData<{
      createOAuthApp: { clientSecret: string; app: { clientId: string; confidential: boolean } };
    }>(
      server.url,
      CREATE_APP,
      { input: { name: 'Team dashboard', redirectUris: [REDIRECT_URI], confidential: true } },
      { token: owner.token },
    );
    const { clientId } = created.createOAuthApp.app;
    expect(created.createOAuthApp.app.confidential).toBe(true);
    expect(created.createOAuthApp.clientSecret).toMatch(/^bocs_/);
    const listed = await gqlData<{ myOAuthApps: Record<string, unknown>[] }>(
      server.url,
      MY_APPS,
      {},
      { token: owner.token },
    );
    expect(listed.myOAuthApps).toEqual([{ clientId, name: 'Team dashboard', confidential: true }]);
    expect(JSON.stringify(listed)).not.toContain(created.createOAuthApp.clientSecret);

    // The consent screen names who registered it.
    const { verifier, challenge } = pkce();
    const request = authorizationQuery({ client_id: clientId, code_challenge: challenge });
    const consent = await gqlData<{ oauthConsent: { registeredBy: string; scopes: string[] } }>(
      server.url,
      CONSENT,
      { request },
      { token: person.token },
    );
    expect(consent.oauthConsent).toMatchObject({ registeredBy: 'App Maker', scopes: ['read'] });

    const code = (await decide(person, request)).searchParams.get('code')!;
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    };
    const withoutSecret = await form('/api/oauth/token', { ...fields, client_id: clientId });
    expect(withoutSecret.body.error).toBe('invalid_client');
    const code2 = (await decide(person, request)).searchParams.get('code')!;
    const basic = Buffer.from(`${clientId}:${created.createOAuthApp.clientSecret}`).toString(
      'base64',
    );
    const withSecret = await form(
      '/api/oauth/token',
      { ...fields, code: code2 },
      { authorization: `Basic ${basic}` },
    );
    expect(withSecret.status).toBe(200);
    const live = await subscribe(
      server.url,
      STORY_ADDED,
      {},
      {
        token: withSecret.body.access_token,
      },
    );

    // Deleting the app ends every token it holds, and its sockets.
    await gqlData(server.url, DELETE_APP, { clientId }, { token: owner.token });
    expect(await live.closedByServer).toEqual({ code: 4401, reason: 'Session ended' });
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, withSecret.body.access_token))
        .status,
    ).toBe(401);
    expect(
      (await gqlError(server.url, DELETE_APP, { clientId }, { token: owner.token })).code,
    ).toBe('NOT_FOUND');
  });

  it("ends others' grants to an app when the account that registered it is deleted", async () => {
    const owner = await signUpVerified(server, { displayName: 'Leaving Maker' });
    const created = await gqlData<{ createOAuthApp: { app: { clientId: string } } }>(
      server.url,
      CREATE_APP,
      { input: { name: 'Short-lived', redirectUris: [REDIRECT_URI] } },
      { token: owner.token },
    );
    const { clientId } = created.createOAuthApp.app;
    const { verifier, challenge } = pkce();
    const request = authorizationQuery({ client_id: clientId, code_challenge: challenge });
    const tokens = await form('/api/oauth/token', {
      grant_type: 'authorization_code',
      code: (await decide(person, request)).searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: verifier,
    });
    const live = await subscribe(server.url, STORY_ADDED, {}, { token: tokens.body.access_token });
    await gqlData(server.url, `mutation { deleteAccount }`, {}, { token: owner.token });
    expect(await live.closedByServer).toEqual({ code: 4401, reason: 'Session ended' });
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, tokens.body.access_token))
        .status,
    ).toBe(401);
  });

  it('refuses a bad name or redirect URI, and management with a token', async () => {
    const attempt = (input: Record<string, unknown>) =>
      gqlError(server.url, CREATE_APP, { input }, { token: person.token });
    expect((await attempt({ name: ' ', redirectUris: [REDIRECT_URI] })).message).toBe(
      'Give the app a name',
    );
    expect((await attempt({ name: 'x', redirectUris: ['http://example.com/cb'] })).message).toBe(
      'A redirect URI is an https address, or http on localhost or 127.0.0.1, without a #fragment',
    );
    expect((await attempt({ name: 'x', redirectUris: [] })).message).toBe(
      'Give at least one redirect URI',
    );
    const { tokens } = await authorisedApp(person, 'read write');
    expect((await gql(server.url, MY_APPS, {}, { token: tokens.access_token })).status).toBe(403);
  });
});

describe('a standard OAuth client library', () => {
  it('discovers, authorises with PKCE, refreshes and revokes (oauth4webapi)', async () => {
    const issuer = new URL(server.deps.config.publicUrl);
    // The test server listens on 127.0.0.1 only, while its PUBLIC_URL names localhost.
    const options = {
      [oauth.allowInsecureRequests]: true,
      [oauth.customFetch]: (url: string, init: object) =>
        fetch(url.replace('//localhost:', '//127.0.0.1:'), init as RequestInit),
    };
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }),
    );
    const registered = await register({
      client_name: 'Library client',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    });
    const client: oauth.Client = { client_id: registered.body.client_id! };
    const none = oauth.None();

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint!);
    authorizationUrl.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'read',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();
    expect(authorizationUrl.pathname).toBe('/oauth/authorize');

    // The person's browser on the consent screen: Allow.
    const back = await decide(person, authorizationUrl.search);
    const callback = oauth.validateAuthResponse(as, client, back, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        none,
        callback,
        REDIRECT_URI,
        verifier,
        options,
      ),
    );
    expect(tokens.scope).toBe('read');

    const stories = await oauth.protectedResourceRequest(
      tokens.access_token,
      'GET',
      new URL(`${server.url}/api/list/v2?path=stories`),
      undefined,
      undefined,
      options,
    );
    expect(stories.status).toBe(200);

    const renewed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, none, tokens.refresh_token!, options),
    );
    expect(renewed.access_token).not.toBe(tokens.access_token);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, none, renewed.access_token, options),
    );
    // The revoked token is refused: the library reports the server's Bearer challenge.
    await expect(
      oauth.protectedResourceRequest(
        renewed.access_token,
        'GET',
        new URL(`${server.url}/api/list/v2?path=stories`),
        undefined,
        undefined,
        options,
      ),
    ).rejects.toMatchObject({
      status: 401,
      cause: [{ scheme: 'bearer', parameters: { error: 'invalid_token' } }],
    });
  });
});
