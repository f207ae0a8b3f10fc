import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, latestMailTo, rest, subscribe, tokenFromMail } from '../helpers/clients';
import type { LiveSubscription } from '../helpers/clients';
import {
  STORY_FIELDS,
  postStory,
  signUpVerified,
  type StoryView,
  type TestUser,
  addParticipant,
  createPrivateSpace,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A websocket lives no longer than its session: signing out, resetting the password or deleting
 * the account closes the session's sockets (graphql-ws code 4401) and nothing more reaches them.
 */

const STORY_ADDED = `subscription($spaceId: ID) { storyAdded(spaceId: $spaceId) { ${STORY_FIELDS} } }`;
type Added = { storyAdded: StoryView };

let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpVerified(server, { displayName: 'Owner' });
});
afterAll(async () => {
  await server?.stop();
});

const open: LiveSubscription<Added>[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((subscription) => subscription.close()));
});

/** A member of a fresh private space of the owner's, following its feed with `token`. */
async function memberFollowing(member: TestUser, token = member.token) {
  const space = await createPrivateSpace(server, owner, { name: `Space of ${member.displayName}` });
  await addParticipant(server, owner, space.id, member);
  const feed = await subscribe<Added>(server.url, STORY_ADDED, { spaceId: space.id }, { token });
  open.push(feed);
  return { space, feed };
}

/** A second session of the same person, as a second device signs in. */
async function secondSession(user: TestUser) {
  const login = await rest<{ token: string }>(server.url, 'POST', '/api/auth/login', {
    email: user.email,
    password: user.password,
  });
  expect(login.status).toBe(200);
  return login.body.token;
}

const withinSeconds = <T>(promise: Promise<T>, seconds = 5) =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`nothing within ${seconds} s`)), seconds * 1000),
    ),
  ]);

describe('a session ending', () => {
  it('closes the websocket of a session signed out over REST, and only that session’s', async () => {
    const member = await signUpVerified(server, { displayName: 'Leaving' });
    const otherDevice = await secondSession(member);
    const { space, feed } = await memberFollowing(member);
    const stays = await subscribe<Added>(
      server.url,
      STORY_ADDED,
      { spaceId: space.id },
      { token: otherDevice },
    );
    open.push(stays);

    const logout = await rest(server.url, 'POST', '/api/auth/logout', undefined, member.token);
    expect(logout.status).toBe(200);
    expect(await withinSeconds(feed.closedByServer)).toEqual({
      code: 4401,
      reason: 'Session ended',
    });

    const secret = await postStory(server, owner, '<p>After the sign-out #plans</p>', {
      spaceId: space.id,
    });
    expect((await stays.take(1))[0]!.storyAdded.id).toBe(secret.id);
    expect(feed.received).toEqual([]);
  });

  it('closes it when the session signs out over GraphQL', async () => {
    const member = await signUpVerified(server, { displayName: 'Quitting' });
    const { feed } = await memberFollowing(member);
    await gqlData(server.url, 'mutation { signOut }', {}, { token: member.token });
    expect((await withinSeconds(feed.closedByServer)).code).toBe(4401);
  });

  it('closes every socket of the person when their password is reset', async () => {
    const member = await signUpVerified(server, { displayName: 'Forgetful' });
    const otherDevice = await secondSession(member);
    const { feed } = await memberFollowing(member);
    const { feed: second } = await memberFollowing(member, otherDevice);

    const forgot = await rest(server.url, 'POST', '/api/auth/forgot-password', {
      email: member.email,
    });
    expect(forgot.status).toBe(200);
    const reset = await rest(server.url, 'POST', '/api/auth/reset-password', {
      token: tokenFromMail(latestMailTo(server.dataDir, member.email)),
      password: 'a-new-password',
    });
    expect(reset.status).toBe(200);
    expect((await withinSeconds(feed.closedByServer)).code).toBe(4401);
    expect((await withinSeconds(second.closedByServer)).code).toBe(4401);
  });

  it('closes the sockets of a deleted account', async () => {
    const member = await signUpVerified(server, { displayName: 'Gone' });
    const { feed } = await memberFollowing(member);
    const deleted = await rest(server.url, 'DELETE', '/api/user/delete', undefined, member.token);
    expect(deleted.status).toBe(200);
    expect((await withinSeconds(feed.closedByServer)).code).toBe(4401);
  });

  it('refuses nothing to a signed-out visitor’s socket, which has no session to end', async () => {
    const feed = await subscribe<Added>(server.url, STORY_ADDED);
    open.push(feed);
    const story = await postStory(server, owner, '<p>For everyone #public</p>');
    expect((await feed.take(1))[0]!.storyAdded.id).toBe(story.id);
  });
});
