import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../../server/src/db/schema';
import { gqlData, rest } from '../helpers/clients';
import {
  addComment,
  CLEAR_NOTIFICATIONS,
  createPrivateSpace,
  listNotifications,
  listNotificationsOverRest,
  mentionOf,
  notificationsOfKind,
  postStory,
  setWatchLevel,
  signUpVerified,
  totalNotificationsOf,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Notifications never tell anyone about what they cannot see: checked when they are made, and
 * again whenever they are listed or counted. REST rows show a person their own list only.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const people = (count: number) =>
  Promise.all(Array.from({ length: count }, () => signUpVerified(server)));

const leaveSpace = (user: TestUser, spaceId: string) =>
  gqlData(
    server.url,
    `mutation($spaceId: ID!) { leaveSpace(spaceId: $spaceId) }`,
    { spaceId },
    {
      token: user.token,
    },
  );

async function privateStory() {
  const [owner, member, commenter] = await people(3);
  const space = await createPrivateSpace(server, owner!, {
    members: [
      { user: member!, status: 'contributor' },
      { user: commenter!, status: 'contributor' },
    ],
  });
  const story = await postStory(server, member!, '<p>Inside the space #water</p>', {
    spaceId: space.id,
  });
  const thread = { itemType: 'stories' as const, itemId: story.id };
  // Their invitations are notifications too: start each test from empty lists.
  for (const user of [owner!, member!, commenter!])
    await gqlData(server.url, CLEAR_NOTIFICATIONS, {}, { token: user.token });
  return { owner: owner!, member: member!, commenter: commenter!, space, story, thread };
}

describe('made only for people who can see the item', () => {
  it('a comment in a private space never tells a watcher who left it', async () => {
    const { member, commenter, owner, space, thread } = await privateStory();
    const [leaver] = await people(1);
    await gqlData(
      server.url,
      `mutation($spaceId: ID!, $userIds: [ID!]!) { sendInvites(spaceId: $spaceId, userIds: $userIds) }`,
      { spaceId: space.id, userIds: [leaver!.id] },
      { token: owner.token },
    );
    await gqlData(
      server.url,
      `mutation($spaceId: ID!) { acceptInvite(spaceId: $spaceId) { id } }`,
      { spaceId: space.id },
      {
        token: leaver!.token,
      },
    );
    await setWatchLevel(server, leaver!, thread, 'everything');
    await leaveSpace(leaver!, space.id);

    await addComment(server, commenter, thread);

    expect(await notificationsOfKind(server, leaver!, 'watched')).toEqual([]);
    expect(await notificationsOfKind(server, member, 'comment')).toHaveLength(1);
  });

  it('an @mention of someone outside the private space tells nobody outside it', async () => {
    const { commenter, thread } = await privateStory();
    const [outsider] = await people(1);
    await addComment(server, commenter, thread, `<p>${mentionOf(outsider!)} look</p>`);
    expect((await listNotifications(server, outsider!)).items).toEqual([]);
    expect(await totalNotificationsOf(server, outsider!)).toBe(0);
  });
});

describe('listed only while the item stays visible', () => {
  it('a notification disappears from the list and the total when its reader leaves the space', async () => {
    const { member, commenter, space, thread } = await privateStory();
    await addComment(server, member, thread, '<p>Reply to me</p>');
    // The commenter watches the story now; the member's next comment tells them.
    await addComment(server, member, thread, '<p>Another</p>');
    expect(await totalNotificationsOf(server, commenter)).toBe(0);
    await addComment(server, commenter, thread);
    expect(await totalNotificationsOf(server, member)).toBe(1);

    await leaveSpace(member, space.id);

    expect((await listNotifications(server, member)).items).toEqual([]);
    expect(await totalNotificationsOf(server, member)).toBe(0);
  });

  it('a post hidden by a moderator takes its notifications out of the list and the total', async () => {
    const [author, commenter] = await people(2);
    const story = await postStory(server, author!, '<p>Soon hidden #water</p>');
    await addComment(server, commenter!, { itemType: 'stories', itemId: story.id });
    expect(await totalNotificationsOf(server, author!)).toBe(1);

    await server.deps.db.update(stories).set({ isHidden: true }).where(eq(stories.id, story.id));

    expect((await listNotifications(server, author!)).items).toEqual([]);
    expect(await totalNotificationsOf(server, author!)).toBe(0);
  });
});

describe('REST rows', () => {
  it("lists the viewer's own notifications; another person's list is 404, signed out 401", async () => {
    const [author, commenter] = await people(2);
    const story = await postStory(server, author!, '<p>Over REST #water</p>');
    await addComment(server, commenter!, { itemType: 'stories', itemId: story.id });

    const own = await listNotificationsOverRest(server, author!.id, author!.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      success: true,
      items: [{ kind: 'comment', itemId: story.id, route: `/story/${story.id}`, isRead: false }],
    });
    expect((await listNotificationsOverRest(server, author!.id, commenter!.token)).status).toBe(
      404,
    );
    expect((await listNotificationsOverRest(server, author!.id)).status).toBe(401);
  });

  it("deletes one (another person's is 404) and clears all", async () => {
    const [author, commenter] = await people(2);
    const story = await postStory(server, author!, '<p>Delete over REST #water</p>');
    const thread = { itemType: 'stories' as const, itemId: story.id };
    await addComment(server, commenter!, thread);
    const { items } = await listNotifications(server, author!);
    const path = `/api/notifications/notification/${items[0]!.id}`;

    expect((await rest(server.url, 'DELETE', path, undefined, commenter!.token)).status).toBe(404);
    expect((await rest(server.url, 'DELETE', path, undefined)).status).toBe(401);
    const deleted = await rest(server.url, 'DELETE', path, undefined, author!.token);
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await listNotifications(server, author!)).items).toEqual([]);

    const [other] = await people(1);
    await addComment(server, other!, thread);
    expect(await totalNotificationsOf(server, author!)).toBe(1);
    const cleared = await rest(
      server.url,
      'DELETE',
      '/api/notifications/clearAll',
      undefined,
      author!.token,
    );
    expect(cleared).toMatchObject({ status: 200, body: { success: true } });
    expect(await totalNotificationsOf(server, author!)).toBe(0);
  });
});
