import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, gqlError, rest, subscribe } from '../helpers/clients';
import { postStory, signUpVerified, type TestUser } from '../helpers/factories';
import { openRawSocket } from '../helpers/raw-socket';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let person: TestUser;

const CREATE = `mutation($input: CreateApiTokenInput!) {
  createApiToken(input: $input) { token apiToken { id name scopes expiresAt lastUsedAt } } }`;
const TOKENS = `{ apiTokens { id name scopes lastUsedAt } }`;
const REVOKE = `mutation($id: ID!) { revokeApiToken(id: $id) }`;
const ME = `{ me { id } }`;
const POST_STORY = `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`;
const STORY_ADDED = `subscription { storyAdded { id } }`;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

interface Created {
  token: string;
  apiToken: { id: string; name: string; scopes: string[]; lastUsedAt: string | null };
}

async function createToken(user: TestUser, scopes: string[], name = 'script'): Promise<Created> {
  const data = await gqlData<{ createApiToken: Created }>(
    server.url,
    CREATE,
    { input: { name, scopes, expiresAt: inDays(30) } },
    { token: user.token },
  );
  return data.createApiToken;
}

beforeAll(async () => {
  server = await startTestServer();
  person = await signUpVerified(server, { displayName: 'Script Writer' });
});
afterAll(async () => {
  await server?.stop();
});

describe('personal access tokens', () => {
  it('asks a signed-out visitor to sign in, over GraphQL and REST', async () => {
    expect((await gqlError(server.url, TOKENS)).code).toBe('UNAUTHENTICATED');
    expect((await rest(server.url, 'GET', '/api/tokens')).status).toBe(401);
  });

  it('shows a new token once, lists it without the token, and it opens the API as its person', async () => {
    const created = await createToken(person, ['read', 'write'], 'Nightly export');
    expect(created.token).toMatch(/^bpat_/);
    expect(created.apiToken).toMatchObject({ name: 'Nightly export', scopes: ['read', 'write'] });

    const me = await gqlData<{ me: { id: string } }>(server.url, ME, {}, { token: created.token });
    expect(me.me.id).toBe(person.id);

    const listed = await gqlData<{ apiTokens: Record<string, unknown>[] }>(
      server.url,
      TOKENS,
      {},
      { token: person.token },
    );
    const row = listed.apiTokens.find((token) => token.id === created.apiToken.id);
    expect(row).toMatchObject({ name: 'Nightly export', scopes: ['read', 'write'] });
    expect(JSON.stringify(listed)).not.toContain(created.token);
    // The use is written beside the request, not before its answer: the list shows it soon after.
    await expect
      .poll(async () => {
        const again = await gqlData<{ apiTokens: { id: string; lastUsedAt: string | null }[] }>(
          server.url,
          TOKENS,
          {},
          { token: person.token },
        );
        return (
          again.apiTokens.find((token) => token.id === created.apiToken.id)?.lastUsedAt ?? null
        );
      })
      .not.toBeNull();
  });

  it('writes within its scopes and is refused with 403 naming the scope it lacks', async () => {
    const reader = await createToken(person, ['read']);
    const refused = await gql(
      server.url,
      POST_STORY,
      { input: { story: '<p>From a script #water</p>' } },
      { token: reader.token },
    );
    expect(refused.status).toBe(403);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This token does not have the write scope',
      extensions: { code: 'FORBIDDEN', scope: 'write' },
    });
    expect(refused.headers.get('www-authenticate')).toContain('insufficient_scope');

    const restRefused = await rest(
      server.url,
      'POST',
      '/api/add',
      {
        path: 'stories',
        data: { story: '<p>From a script #water</p>' },
      },
      reader.token,
    );
    expect(restRefused.status).toBe(403);
    expect(restRefused.body.error?.message).toBe('This token does not have the write scope');

    const chat = await gql(
      server.url,
      `{ chatTotals(spaceId: "ww") { totalNewMessages } }`,
      {},
      {
        token: reader.token,
      },
    );
    expect(chat.status).toBe(403);
    expect(chat.errors?.[0]?.message).toBe('This token does not have the chat scope');

    const writer = await createToken(person, ['read', 'write']);
    const posted = await gqlData<{ createStory: { id: string } }>(
      server.url,
      POST_STORY,
      { input: { story: '<p>From a script #water</p>' } },
      { token: writer.token },
    );
    expect(posted.createStory.id).toBeTruthy();
  });

  it('cannot make, list or revoke tokens, nor delete the account', async () => {
    const all = await createToken(person, ['read', 'write', 'chat', 'notifications']);
    const asToken = { token: all.token };
    expect((await gql(server.url, TOKENS, {}, asToken)).status).toBe(403);
    const make = await gql(
      server.url,
      CREATE,
      { input: { name: 'x', scopes: ['read'], expiresAt: inDays(1) } },
      asToken,
    );
    expect(make.errors?.[0]?.message).toBe(
      'Tokens are managed from a signed-in session, not with a token',
    );
    const deletion = await gql(server.url, `mutation { deleteAccount }`, {}, asToken);
    expect(deletion.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const restDeletion = await rest(server.url, 'DELETE', '/api/user/delete', undefined, all.token);
    expect(restDeletion.status).toBe(403);
    // The person is still there.
    const me = await gqlData<{ me: { id: string } }>(server.url, ME, {}, { token: person.token });
    expect(me.me.id).toBe(person.id);
    expect((await rest(server.url, 'GET', '/api/tokens', undefined, all.token)).status).toBe(403);
  });

  it('refuses a bad name, no scope, a past or too distant expiry and the admin scope for people', async () => {
    const attempt = async (input: Record<string, unknown>) =>
      gqlError(server.url, CREATE, { input }, { token: person.token });
    const valid = { name: 'ok', scopes: ['read'], expiresAt: inDays(7) };
    expect((await attempt({ ...valid, name: '  ' })).message).toBe('Give the token a name');
    expect((await attempt({ ...valid, name: 'n'.repeat(101) })).message).toBe(
      "A token's name is at most 100 characters",
    );
    expect((await attempt({ ...valid, scopes: [] })).message).toBe('Choose at least one scope');
    expect((await attempt({ ...valid, expiresAt: inDays(-1) })).message).toBe(
      'A token expires within 366 days from now',
    );
    expect((await attempt({ ...valid, expiresAt: inDays(400) })).message).toBe(
      'A token expires within 366 days from now',
    );
    const admin = await attempt({ ...valid, scopes: ['admin'] });
    expect(admin).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only site admins and moderators may give a token the admin scope',
    });
  });

  it('outlives signing out of the session that made it', async () => {
    const me = await signUpVerified(server);
    const created = await createToken(me, ['read']);
    await gqlData(server.url, `mutation { signOut }`, {}, { token: me.token });
    const still = await gqlData<{ me: { id: string } }>(
      server.url,
      ME,
      {},
      {
        token: created.token,
      },
    );
    expect(still.me.id).toBe(me.id);
  });

  it('is refused with 401 once revoked, over GraphQL and REST, and its socket closes', async () => {
    const me = await signUpVerified(server);
    const created = await createToken(me, ['read']);
    const live = await subscribe(server.url, STORY_ADDED, {}, { token: created.token });
    // The token's subscription receives what its person may read.
    await postStory(server, me, '<p>Seen live by the script #water</p>');
    expect(await live.take(1)).toHaveLength(1);

    await gqlData(server.url, REVOKE, { id: created.apiToken.id }, { token: me.token });
    expect(await live.closedByServer).toEqual({ code: 4401, reason: 'Session ended' });

    const answer = await gql(server.url, ME, {}, { token: created.token });
    expect(answer.status).toBe(401);
    expect(answer.errors?.[0]).toMatchObject({
      message: 'The access token is unknown, expired or revoked',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(answer.headers.get('www-authenticate')).toBe(
      'Bearer realm="api", error="invalid_token"',
    );
    const restAnswer = await rest(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      created.token,
    );
    expect(restAnswer.status).toBe(401);
    expect(restAnswer.headers.get('www-authenticate')).toContain('invalid_token');

    // Another person's token, or one already gone, answers as missing.
    const again = await gqlError(
      server.url,
      REVOKE,
      { id: created.apiToken.id },
      { token: me.token },
    );
    expect(again.code).toBe('NOT_FOUND');
  });

  it('manages tokens over REST: create (shown once), list and delete', async () => {
    const me = await signUpVerified(server);
    const made = await rest<{ data: { id: string; token: string } }>(
      server.url,
      'POST',
      '/api/tokens',
      { name: 'REST script', scopes: ['read'], expiresAt: inDays(90) },
      me.token,
    );
    expect(made.status).toBe(201);
    expect(made.body.data.token).toMatch(/^bpat_/);
    const listed = await rest<{ items: { id: string; name: string }[] }>(
      server.url,
      'GET',
      '/api/tokens',
      undefined,
      me.token,
    );
    expect(listed.body.items.map((token) => token.name)).toEqual(['REST script']);
    const other = await signUpVerified(server);
    const foreign = await rest(
      server.url,
      'DELETE',
      `/api/tokens/${made.body.data.id}`,
      undefined,
      other.token,
    );
    expect(foreign.status).toBe(404);
    const removed = await rest(
      server.url,
      'DELETE',
      `/api/tokens/${made.body.data.id}`,
      undefined,
      me.token,
    );
    expect(removed.status).toBe(200);
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, made.body.data.token)).status,
    ).toBe(401);
  });
});

describe('credentials refused clearly', () => {
  it('answers an unknown bearer token with 401, never as signed out; no credential is signed out', async () => {
    const unknown = await gql(server.url, ME, {}, { token: 'not-a-session' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
    const none = await gqlData<{ me: null }>(server.url, ME);
    expect(none.me).toBeNull();
    const restUnknown = await rest(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
      undefined,
      'bpat_nope',
    );
    expect(restUnknown.status).toBe(401);
  });

  it('answers a signed-out session token with 401 after sign-out', async () => {
    const me = await signUpVerified(server);
    await gqlData(server.url, `mutation { signOut }`, {}, { token: me.token });
    expect((await gql(server.url, ME, {}, { token: me.token })).status).toBe(401);
  });

  it('closes a websocket handed an unknown token with 4401', async () => {
    const socket = await openRawSocket(server.url);
    socket.send({ type: 'connection_init', payload: { token: 'bpat_unknown' } });
    expect(await socket.closed).toEqual({ code: 4401, reason: 'Invalid token' });
  });

  it('keeps treating a stale session cookie as signed out', async () => {
    const answer = await gql(server.url, ME, {}, { cookie: 'session=stale-cookie-value' });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ me: null });
  });
});
