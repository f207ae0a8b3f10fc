import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatStatuses, liveProcesses, liveSockets } from '../../server/src/db/schema';
import { gqlData, gqlError, subscribe, type LiveSubscription } from '../helpers/clients';
import { openDirectChat, signUpVerified, type TestUser } from '../helpers/factories';
import {
  createTestDatabase,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers/server';

/**
 * Presence (000 §3 user chat status): online while any of a person's signed-in websockets is
 * open, offline with lastSeen when the last one closes (or their session ends).
 */

const PRESENCE = `query($userIds: [ID!]!) { chatPresence(userIds: $userIds) { userId state lastSeen } }`;
const PRESENCE_CHANGED = `subscription($userIds: [ID!]!) { presenceChanged(userIds: $userIds) { userId state lastSeen } }`;
/** Any subscription keeps a socket open; this one never sends anything here. */
const A_SOCKET = `subscription { chatConversationEvents { change } }`;

interface PresenceView {
  userId: string;
  state: 'online' | 'offline';
  lastSeen: string | null;
}

let server: TestServer;
let watcher: TestUser;
const open: LiveSubscription<unknown>[] = [];
async function connect<T = unknown>(user: TestUser, query = A_SOCKET, variables = {}) {
  const socket = await subscribe<T>(server.url, query, variables, { token: user.token });
  open.push(socket as LiveSubscription<unknown>);
  return socket;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((socket) => socket.close()));
});

async function presenceOf(user: TestUser): Promise<PresenceView> {
  const data = await gqlData<{ chatPresence: PresenceView[] }>(
    server.url,
    PRESENCE,
    { userIds: [user.id] },
    { token: watcher.token },
  );
  return data.chatPresence[0]!;
}

beforeAll(async () => {
  server = await startTestServer();
  watcher = await signUpVerified(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('chatPresence', () => {
  it('is for signed-in people, at most 100 ids', async () => {
    expect((await gqlError(server.url, PRESENCE, { userIds: [watcher.id] })).code).toBe(
      'UNAUTHENTICATED',
    );
    const tooMany = await gqlError(
      server.url,
      PRESENCE,
      { userIds: Array.from({ length: 101 }, (_, i) => `user-${i}`) },
      { token: watcher.token },
    );
    expect(tooMany).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Ask for at most 100 people at once',
    });
  });

  it('says offline with no lastSeen for someone never connected', async () => {
    const quiet = await signUpVerified(server);
    expect(await presenceOf(quiet)).toEqual({ userId: quiet.id, state: 'offline', lastSeen: null });
  });
});

describe('presence', () => {
  it('goes online on connect, and offline with lastSeen only when the last of two sockets closes', async () => {
    const ada = await signUpVerified(server);
    const live = await connect<{ presenceChanged: PresenceView }>(watcher, PRESENCE_CHANGED, {
      userIds: [ada.id],
    });
    const first = await connect(ada);
    const second = await connect(ada);
    await expect.poll(() => presenceOf(ada).then((presence) => presence.state)).toBe('online');

    await first.close();
    await expect
      .poll(() => server.deps.db.select().from(liveSockets).where(eq(liveSockets.userId, ada.id)))
      .toHaveLength(1);
    expect((await presenceOf(ada)).state).toBe('online');

    const before = Date.now();
    await second.close();
    await expect.poll(() => presenceOf(ada).then((presence) => presence.state)).toBe('offline');
    const { lastSeen } = await presenceOf(ada);
    expect(new Date(lastSeen!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // One event per transition: online once, offline once.
    const events = (await live.take(2)).map((event) => event.presenceChanged);
    expect(events.map((event) => event.state)).toEqual(['online', 'offline']);
    expect(events[1]!.lastSeen).toBe(lastSeen);
    await live.expectNothingMore(300);
  });

  it('publishes one offline when two sockets close at once', async () => {
    const bo = await signUpVerified(server);
    const live = await connect<{ presenceChanged: PresenceView }>(watcher, PRESENCE_CHANGED, {
      userIds: [bo.id],
    });
    const sockets = await Promise.all([connect(bo), connect(bo), connect(bo)]);
    await live.take(1);
    await Promise.all(sockets.map((socket) => socket.close()));
    expect((await live.take(2))[1]!.presenceChanged.state).toBe('offline');
    await live.expectNothingMore(500);
  });

  it('goes offline on sign-out, whose session closes the socket', async () => {
    const cy = await signUpVerified(server);
    const socket = await connect(cy);
    await expect.poll(() => presenceOf(cy).then((presence) => presence.state)).toBe('online');
    await gqlData(server.url, 'mutation { signOut }', {}, { token: cy.token });
    await socket.closedByServer;
    await expect.poll(() => presenceOf(cy).then((presence) => presence.state)).toBe('offline');
  });

  it('shows on a direct chat’s other person and on its members', async () => {
    const [eli, fay] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const chat = await openDirectChat(server, eli, fay);
    await connect(fay);
    await expect.poll(() => presenceOf(fay).then((presence) => presence.state)).toBe('online');
    const data = await gqlData<{
      chatConversation: { receivingAuthor: { presence: PresenceView } };
      chatMembers: { id: string; presence: PresenceView }[];
    }>(
      server.url,
      `query($id: ID!) {
        chatConversation(id: $id) { receivingAuthor { presence { userId state lastSeen } } }
        chatMembers(conversationId: $id) { id presence { userId state lastSeen } }
      }`,
      { id: chat.id },
      { token: eli.token },
    );
    expect(data.chatConversation.receivingAuthor.presence).toEqual({
      userId: fay.id,
      state: 'online',
      lastSeen: null,
    });
    const states = Object.fromEntries(
      data.chatMembers.map((member) => [member.id, member.presence.state]),
    );
    expect(states).toEqual({ [eli.id]: 'offline', [fay.id]: 'online' });
  });

  it('counts only signed-in sockets', async () => {
    const sockets = () => server.deps.db.select().from(liveSockets);
    // The earlier tests' sockets are gone a moment after their clients closed them.
    await expect.poll(sockets).toEqual([]);
    const anonymous = await subscribe(server.url, A_SOCKET, {});
    open.push(anonymous);
    expect(await sockets()).toEqual([]);
  });

  it("sweeps a dead process's sockets and marks their people offline", async () => {
    const dee = await signUpVerified(server);
    const { db } = server.deps;
    // A process that stopped beating a minute ago, with Dee's socket still registered.
    await db.insert(liveProcesses).values({ id: 'crashed', beatAt: new Date(Date.now() - 60_000) });
    await db.insert(liveSockets).values({ id: 'orphan', processId: 'crashed', userId: dee.id });
    await db.insert(chatStatuses).values({ userId: dee.id, state: 'online' });

    await expect
      .poll(() => presenceOf(dee).then((presence) => presence.state), { timeout: 10_000 })
      .toBe('offline');
    expect(await db.select().from(liveProcesses).where(eq(liveProcesses.id, 'crashed'))).toEqual(
      [],
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'presence across two processes (needs TEST_DATABASE_URL)',
  () => {
    let first: TestServer;
    let second: TestServer;
    let dropDatabase: () => Promise<void>;
    beforeAll(async () => {
      const database = (await createTestDatabase({ migrated: true }))!;
      dropDatabase = () => database.drop();
      [first, second] = await Promise.all([
        startTestServerOn(database.url),
        startTestServerOn(database.url),
      ]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([first?.stop(), second?.stop()]);
      await dropDatabase?.();
    });

    it('keeps a person online while a socket of theirs is open in either, and says so in both', async () => {
      const [ada, eve] = [await signUpVerified(first), await signUpVerified(first)];
      const watch = (server: TestServer) =>
        subscribe<{ presenceChanged: PresenceView }>(
          server.url,
          PRESENCE_CHANGED,
          { userIds: [ada.id] },
          { token: eve.token },
        );
      const [watchFirst, watchSecond] = await Promise.all([watch(first), watch(second)]);
      const onFirst = await subscribe(first.url, A_SOCKET, {}, { token: ada.token });
      const onSecond = await subscribe(second.url, A_SOCKET, {}, { token: ada.token });
      try {
        await onFirst.close();
        await expect
          .poll(() =>
            first.deps.db.select().from(liveSockets).where(eq(liveSockets.userId, ada.id)),
          )
          .toHaveLength(1);
        await onSecond.close();
        for (const live of [watchFirst, watchSecond]) {
          const events = await live.take(2);
          expect(events.map((event) => event.presenceChanged.state)).toEqual(['online', 'offline']);
        }
        await watchFirst.expectNothingMore(300);
      } finally {
        await Promise.all([watchFirst, watchSecond, onFirst, onSecond].map((live) => live.close()));
      }
    });
  },
);
