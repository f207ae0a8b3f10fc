import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, subscribe } from '../helpers/clients';
import {
  addComment,
  createPrivateSpace,
  listNotifications,
  markRead,
  NOTIFICATIONS_CHANGED,
  postStory,
  react,
  signUpVerified,
  CLEAR_NOTIFICATIONS,
  type NotificationsChangedView,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/** The bell's live feed: each notification made for me and my unread total, as they happen. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const people = (count: number) =>
  Promise.all(Array.from({ length: count }, () => signUpVerified(server)));

describe('notificationsChanged', () => {
  it('refuses a signed-out subscriber with UNAUTHENTICATED', async () => {
    const live = await subscribe<NotificationsChangedView>(server.url, NOTIFICATIONS_CHANGED);
    await expect.poll(() => live.errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(live.errors)).toContain('UNAUTHENTICATED');
    await live.close();
  });

  it("delivers A's comment to B's subscription within a second, with B's new total", async () => {
    const [b, a] = await people(2);
    const story = await postStory(server, b!, '<p>Live bell #water</p>');
    const live = await subscribe<NotificationsChangedView>(
      server.url,
      NOTIFICATIONS_CHANGED,
      {},
      {
        token: b!.token,
      },
    );
    await addComment(server, a!, { itemType: 'stories', itemId: story.id }, '<p>Hello B</p>');
    // Within a second of the comment being saved (its answer), however busy the test machine.
    const [change] = await live.take(1, 1000);
    expect(change!.notificationsChanged).toMatchObject({
      totalNotifications: 1,
      notification: {
        kind: 'comment',
        itemId: story.id,
        snippet: 'Hello B',
        actors: [{ id: a!.id }],
      },
    });
    await live.close();
  });

  it('tells nobody about an item they cannot see, and nothing to the actor', async () => {
    const [owner, member, outsider] = await people(3);
    const space = await createPrivateSpace(server, owner!, {
      members: [{ user: member!, status: 'contributor' }],
    });
    const story = await postStory(server, owner!, '<p>Members only #water</p>', {
      spaceId: space.id,
    });
    const outsiderLive = await subscribe<NotificationsChangedView>(
      server.url,
      NOTIFICATIONS_CHANGED,
      {},
      { token: outsider!.token },
    );
    const memberLive = await subscribe<NotificationsChangedView>(
      server.url,
      NOTIFICATIONS_CHANGED,
      {},
      { token: member!.token },
    );
    const ownerLive = await subscribe<NotificationsChangedView>(
      server.url,
      NOTIFICATIONS_CHANGED,
      {},
      { token: owner!.token },
    );
    // The outsider is mentioned, the owner (author) is told: only the owner may hear it.
    await addComment(
      server,
      member!,
      { itemType: 'stories', itemId: story.id },
      `<p><span data-type="mention" data-id="${outsider!.id}">@x</span> see</p>`,
    );
    const [change] = await ownerLive.take(1);
    expect(change!.notificationsChanged.notification).toMatchObject({ kind: 'comment' });
    // Events arrive in order: had the mention or the comment reached them, it would come before
    // a comment on a public story of their own.
    for (const [person, live] of [
      [outsider!, outsiderLive],
      [member!, memberLive],
    ] as const) {
      const own = await postStory(server, person, '<p>In the open #water</p>');
      await addComment(server, owner!, { itemType: 'stories', itemId: own.id }, '<p>Seen</p>');
      expect(
        (await live.take(1)).map((change) => change.notificationsChanged.notification),
      ).toEqual([expect.objectContaining({ kind: 'comment', itemId: own.id })]);
    }
    await Promise.all([outsiderLive.close(), memberLive.close(), ownerLive.close()]);
  });

  it('another device hears the new total when one reads, deletes or clears', async () => {
    const [author, reactor] = await people(2);
    const story = await postStory(server, author!, '<p>Two devices #water</p>');
    const live = await subscribe<NotificationsChangedView>(
      server.url,
      NOTIFICATIONS_CHANGED,
      {},
      {
        token: author!.token,
      },
    );
    // The reaction's event reaches this device first (over PostgreSQL it may trail the request).
    await react(server, reactor!, { itemType: 'stories', itemId: story.id }, 'like');
    const [reacted] = await live.take(1);
    expect(reacted!.notificationsChanged.totalNotifications).toBe(1);
    const [note] = (await listNotifications(server, author!)).items;
    await markRead(server, author!, note!.id);
    const [, read] = await live.take(2);
    expect(read!.notificationsChanged).toEqual({ totalNotifications: 0, notification: null });

    await addComment(server, reactor!, { itemType: 'stories', itemId: story.id });
    await live.take(3);
    await gqlData(server.url, CLEAR_NOTIFICATIONS, {}, { token: author!.token });
    const changes = await live.take(4);
    expect(changes[3]!.notificationsChanged).toEqual({ totalNotifications: 0, notification: null });
    await live.close();
  });
});
