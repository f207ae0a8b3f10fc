import { EXPLAINER_MESSAGES } from '@rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError } from '../helpers/clients';
import {
  HIDE_EXPLAINER,
  hiddenExplainers,
  postExplainerCards,
  RESET_EXPLAINERS,
  signUpVerified,
  userinfoHideExplainers,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const newUser = () => signUpVerified(server, { displayName: 'Reader' });
const hide = (user: TestUser, path: string) =>
  gqlData(server.url, HIDE_EXPLAINER, { path }, { token: user.token });

describe('explainer cards', () => {
  it('asks a signed-out visitor to sign in, over GraphQL and REST', async () => {
    expect((await gqlError(server.url, HIDE_EXPLAINER, { path: '/stories' })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await gqlError(server.url, RESET_EXPLAINERS)).code).toBe('UNAUTHENTICATED');
    const answer = await postExplainerCards(server, null, { path: '/stories' });
    expect(answer.status).toBe(401);
    expect(answer.body.success).toBe(false);
  });

  it('starts with every card shown', async () => {
    const user = await newUser();
    expect(await hiddenExplainers(server, user)).toEqual([]);
    expect(await userinfoHideExplainers(server, user)).toEqual({});
  });

  it('hides a route over GraphQL, once however often it is hidden, for that user only', async () => {
    const [user, other] = await Promise.all([newUser(), newUser()]);
    await hide(user, '/stories');
    await hide(user, '/problems');
    await hide(user, '/stories');
    expect(await hiddenExplainers(server, user)).toEqual(['/problems', '/stories']);
    expect(await userinfoHideExplainers(server, user)).toEqual({
      '/problems': true,
      '/stories': true,
    });
    expect(await hiddenExplainers(server, other)).toEqual([]);
  });

  it('keeps every hide when several arrive at once', async () => {
    const user = await newUser();
    const paths = ['/stories', '/problems', '/solutions', '/skills', '/spaces', '/tags'];
    await Promise.all(paths.map((path) => postExplainerCards(server, user, { path })));
    expect(await hiddenExplainers(server, user)).toEqual([...paths].sort());
  });

  it('hides over REST and resets with { reset: true }, as the spec row does', async () => {
    const user = await newUser();
    const hidden = await postExplainerCards(server, user, { path: '/network', reset: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body.success).toBe(true);
    expect(await userinfoHideExplainers(server, user)).toEqual({ '/network': true });

    const reset = await postExplainerCards(server, user, { reset: true });
    expect(reset.status).toBe(200);
    expect(await userinfoHideExplainers(server, user)).toEqual({});
  });

  it('shows every card again after resetExplainers over GraphQL', async () => {
    const user = await newUser();
    await hide(user, '/dashboard');
    const data = await gqlData<{ resetExplainers: { hiddenExplainers: string[] } }>(
      server.url,
      RESET_EXPLAINERS,
      {},
      { token: user.token },
    );
    expect(data.resetExplainers.hiddenExplainers).toEqual([]);
    expect(await hiddenExplainers(server, user)).toEqual([]);
  });

  it('refuses a path that is not a route path, with the message, and stores nothing', async () => {
    const user = await newUser();
    for (const path of ['stories', '/stories?x=1', '/', '/a b', `/${'a'.repeat(200)}`]) {
      const error = await gqlError(server.url, HIDE_EXPLAINER, { path }, { token: user.token });
      expect(error, path).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: EXPLAINER_MESSAGES.pathInvalid,
        field: 'path',
      });
    }
    const missing = await postExplainerCards(server, user, {});
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: EXPLAINER_MESSAGES.pathRequired,
      field: 'path',
    });
    const notText = await postExplainerCards(server, user, { path: 42 });
    expect(notText.status).toBe(422);
    expect(notText.body.error?.message).toBe(EXPLAINER_MESSAGES.pathRequired);
    const badReset = await postExplainerCards(server, user, { reset: 'yes' });
    expect(badReset.status).toBe(422);
    expect(await hiddenExplainers(server, user)).toEqual([]);
  });
});
