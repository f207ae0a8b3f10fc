import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatStatuses, liveProcesses, liveSockets } from '../../server/src/db/schema';
import { gqlData, gqlError, rest, subscribe, type LiveSubscription } from '../helpers/clients';
import {
  CHAT_PRESENCE,
  PRESENCE_CHANGED,
  chatMembersOf,
  chatPresenceOf,
  createChannel,
  createPrivateSpace,
  leaveConversation,
  openDirectChat,
  setPresenceHidden,
  setStatus,
  signUpVerified,
  spaceChatOf,
  type PresenceView,
  type TestUser,
} from '../helpers/factories';
import {
  createTestDatabase,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers/server';

/**
 * Presence (000 §3 user chat status): online while any of a person's signed-in websockets is
 * open, offline with lastSeen when the last one closes (or their session ends). Shown only to
 * people who share a conversation or a private space with the person, unless they hide it;
 * everyone else sees them offline with no lastSeen, and hears nothing of their changes.
 */

/** Any subscription keeps a socket open; this one never sends anything here. */
const A_SOCKET = `subscription { chatConversationEvents { change } }`;
type PresenceEvents = LiveSubscription<{ presenceChanged: PresenceView }>;

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

/** `viewer` follows these people's presence. */
const watch = (viewer: TestUser, people: { id: string }[]): Promise<PresenceEvents> =>
  connect(viewer, PRESENCE_CHANGED, { userIds: people.map((person) => person.id) });

/** Someone the watcher has a direct chat with, so the watcher may see their presence. */
async function acquaintance(): Promise<TestUser> {
  const person = await signUpVerified(server);
  await openDirectChat(server, person, watcher);
  return person;
}

const presenceOf = (user: TestUser, viewer = watcher) => chatPresenceOf(server, viewer, user);
const stateOf = (user: TestUser, viewer = watcher) =>
  presenceOf(user, viewer).then((presence) => presence.state);

/** What someone whose presence the viewer may not see looks like: never connected. */
const unseen = (user: { id: string }): PresenceView => ({
  userId: user.id,
  state: 'offline',
  lastSeen: null,
});

beforeAll(async () => {
  server = await startTestServer();
  watcher = await signUpVerified(server);
});
afterAll(async () => {
  await server?.stop();
});

describe('chatPresence', () => {
  it('is for signed-in people, at most 100 ids', async () => {
    expect((await gqlError(server.url, CHAT_PRESENCE, { userIds: [watcher.id] })).code).toBe(
      'UNAUTHENTICATED',
    );
    const tooMany = await gqlError(
      server.url,
      CHAT_PRESENCE,
      { userIds: Array.from({ length: 101 }, (_, i) => `user-${i}`) },
      { token: watcher.token },
    );
    expect(tooMany).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Ask for at most 100 people at once',
    });
  });

  it('says offline with no lastSeen for someone never connected', async () => {
    const quiet = await acquaintance();
    expect(await presenceOf(quiet)).toEqual(unseen(quiet));
  });
});

describe('presence', () => {
  it('goes online on connect, and offline with lastSeen only when the last of two sockets closes', async () => {
    const ada = await acquaintance();
    const live = await watch(watcher, [ada]);
    const first = await connect(ada);
    const second = await connect(ada);
    await expect.poll(() => stateOf(ada)).toBe('online');

    await first.close();
    await expect
      .poll(() => server.deps.db.select().from(liveSockets).where(eq(liveSockets.userId, ada.id)))
      .toHaveLength(1);
    expect(await stateOf(ada)).toBe('online');

    const before = Date.now();
    await second.close();
    await expect.poll(() => stateOf(ada)).toBe('offline');
    const { lastSeen } = await presenceOf(ada);
    expect(new Date(lastSeen!).getTime()).toBeGreaterThanOrEqual(before - 1000);

    // One event per transition: online once, offline once.
    const events = (await live.take(2)).map((event) => event.presenceChanged);
    expect(events.map((event) => event.state)).toEqual(['online', 'offline']);
    expect(events[1]!.lastSeen).toBe(lastSeen);
    // Events arrive in order: a repeated transition would come before the next one.
    await connect(ada);
    expect((await live.take(3))[2]!.presenceChanged.state).toBe('online');
  });

  it('publishes one offline when two sockets close at once', async () => {
    const bo = await acquaintance();
    const live = await watch(watcher, [bo]);
    const sockets = await Promise.all([connect(bo), connect(bo), connect(bo)]);
    await live.take(1);
    await Promise.all(sockets.map((socket) => socket.close()));
    expect((await live.take(2))[1]!.presenceChanged.state).toBe('offline');
    // Events arrive in order: a second offline would come before the next online.
    await connect(bo);
    expect((await live.take(3))[2]!.presenceChanged.state).toBe('online');
  });

  it('goes offline on sign-out, whose session closes the socket', async () => {
    const cy = await acquaintance();
    const socket = await connect(cy);
    await expect.poll(() => stateOf(cy)).toBe('online');
    await gqlData(server.url, 'mutation { signOut }', {}, { token: cy.token });
    await socket.closedByServer;
    await expect.poll(() => stateOf(cy)).toBe('offline');
  });

  it('shows on a direct chat’s other person and on its members', async () => {
    const [eli, fay] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const chat = await openDirectChat(server, eli, fay);
    await connect(fay);
    await expect.poll(() => stateOf(fay, eli)).toBe('online');
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
    const dee = await acquaintance();
    const { db } = server.deps;
    // A process that stopped beating a minute ago, with Dee's socket still registered.
    await db.insert(liveProcesses).values({ id: 'crashed', beatAt: new Date(Date.now() - 60_000) });
    await db.insert(liveSockets).values({ id: 'orphan', processId: 'crashed', userId: dee.id });
    await db.insert(chatStatuses).values({ userId: dee.id, state: 'online' });

    await expect.poll(() => stateOf(dee), { timeout: 10_000 }).toBe('offline');
    expect(await db.select().from(liveProcesses).where(eq(liveProcesses.id, 'crashed'))).toEqual(
      [],
    );
  });
});

describe('who sees presence', () => {
  /**
   * The fence: `viewer` follows `person` and also a friend of theirs; after `person` changes, the
   * friend connects. The viewer's next event is the friend's: had anything of `person` been sent,
   * it would have come first (one subscription's events arrive in order).
   */
  async function expectNothingOf(live: PresenceEvents, person: { id: string }, friend: TestUser) {
    const before = live.received.length;
    await connect(friend);
    const [next] = (await live.take(before + 1)).slice(before);
    expect(next!.presenceChanged).toMatchObject({ userId: friend.id, state: 'online' });
    const since = live.received.slice(before).map((event) => event.presenceChanged.userId);
    expect(since).not.toContain(person.id);
  }

  /** Two people with a direct chat; `of` is a friend of `viewer`'s for the fence. */
  async function friendOf(viewer: TestUser) {
    const friend = await signUpVerified(server);
    await openDirectChat(server, viewer, friend);
    return friend;
  }

  it('a stranger gets offline with no lastSeen and no presenceChanged event; a co-member gets both', async () => {
    const [ada, stranger] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const coMember = await signUpVerified(server);
    await openDirectChat(server, coMember, ada);
    const fence = await friendOf(stranger);
    const strangers = await watch(stranger, [ada, fence]);
    const coMembers = await watch(coMember, [ada]);

    await connect(ada);
    expect((await coMembers.take(1))[0]!.presenceChanged).toMatchObject({
      userId: ada.id,
      state: 'online',
    });
    await expectNothingOf(strangers, ada, fence);
    expect(await presenceOf(ada, coMember)).toMatchObject({ state: 'online' });
    expect(await presenceOf(ada, stranger)).toEqual(unseen(ada));
  });

  it('the global space chat does not count: its openers see each other offline', async () => {
    const [ada, opener] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const chat = await spaceChatOf(server, ada);
    await spaceChatOf(server, opener);
    await connect(ada);
    await expect.poll(() => stateOf(ada, ada)).toBe('online');

    const members = await chatMembersOf(server, opener, chat.id);
    expect(members.find((member) => member.id === ada.id)?.presence).toEqual({ state: 'offline' });
    expect(await presenceOf(ada, opener)).toEqual(unseen(ada));
  });

  it('a group or channel counts while both are in it', async () => {
    const [author, member, later] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const group = await createChannel(server, author, { type: 'group', members: [member] });
    const fence = await friendOf(member);
    const live = await watch(member, [author, fence]);
    const authorSocket = await connect(author);
    expect((await live.take(1))[0]!.presenceChanged).toMatchObject({
      userId: author.id,
      state: 'online',
    });
    expect(await presenceOf(author, later)).toEqual(unseen(author));

    await leaveConversation(server, member, group.id);
    expect(await presenceOf(author, member)).toEqual(unseen(author));
    await authorSocket.close();
    await expectNothingOf(live, author, fence);
  });

  it('a private space counts for its active participants, not for an invitee or a blocked person', async () => {
    const [owner, member, invitee, blocked] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const space = await createPrivateSpace(server, owner, {
      members: [
        { user: member, status: 'contributor' },
        { user: invitee, status: 'invited' },
        { user: blocked, status: 'contributor' },
      ],
    });
    const fence = await friendOf(blocked);
    const blockedLive = await watch(blocked, [owner, fence]);
    await setStatus(server, owner, space.id, blocked, 'blocked');

    await connect(owner);
    await expect.poll(() => stateOf(owner, member)).toBe('online');
    expect(await presenceOf(owner, invitee)).toEqual(unseen(owner));
    expect(await presenceOf(owner, blocked)).toEqual(unseen(owner));
    await expectNothingOf(blockedLive, owner, fence);
  });

  it('a hidden person shows offline with no lastSeen to everyone else, and still sees others', async () => {
    const ada = await acquaintance();
    const fence = await acquaintance();
    const live = await watch(watcher, [ada, fence]);
    const adaSocket = await connect(ada);
    await connect(watcher);
    expect((await live.take(1))[0]!.presenceChanged).toMatchObject({ state: 'online' });

    // Hiding tells the watcher she went offline, with nothing of when she was last seen.
    expect(await setPresenceHidden(server, ada, true)).toBe(true);
    expect((await live.take(2))[1]!.presenceChanged).toEqual(unseen(ada));
    expect(await presenceOf(ada)).toEqual(unseen(ada));
    expect(await presenceOf(ada, ada)).toMatchObject({ state: 'online' });
    expect(await presenceOf(watcher, ada)).toMatchObject({ state: 'online' });

    // Her comings and goings send nothing while hidden.
    await adaSocket.close();
    await expect.poll(() => stateOf(ada, ada)).toBe('offline');
    await connect(ada);
    await expect.poll(() => stateOf(ada, ada)).toBe('online');
    await expectNothingOf(live, ada, fence);

    // Shown again, the watcher sees her as she is.
    expect(await setPresenceHidden(server, ada, false)).toBe(false);
    await expect
      .poll(() => live.received.at(-1)?.presenceChanged)
      .toMatchObject({
        userId: ada.id,
        state: 'online',
      });
    expect(await stateOf(ada)).toBe('online');
  });

  it('the setting is in me, userinfo and /api/user/update (key hidePresence)', async () => {
    const bo = await acquaintance();
    const me = () =>
      gqlData<{ me: { hidePresence: boolean } }>(
        server.url,
        '{ me { hidePresence } }',
        {},
        { token: bo.token },
      );
    expect((await me()).me.hidePresence).toBe(false);

    const update = await rest<{ user: { hidePresence: boolean } }>(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'hidePresence', hidePresence: true },
      bo.token,
    );
    expect(update.status).toBe(200);
    expect(update.body.user.hidePresence).toBe(true);
    const info = await rest<{ user: { hidePresence: boolean } }>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      bo.token,
    );
    expect(info.body.user.hidePresence).toBe(true);
    await connect(bo);
    await expect.poll(() => stateOf(bo, bo)).toBe('online');
    expect(await presenceOf(bo)).toEqual(unseen(bo));

    const bad = await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'hidePresence', hidePresence: 'yes' },
      bo.token,
    );
    expect(bad.status).toBe(422);
    expect((await me()).me.hidePresence).toBe(true);
    expect(
      (await gqlError(server.url, `mutation { setPresenceHidden(hidden: true) { id } }`, {}, {}))
        .code,
    ).toBe('UNAUTHENTICATED');
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
      await openDirectChat(first, eve, ada);
      const watchOn = (server: TestServer) =>
        subscribe<{ presenceChanged: PresenceView }>(
          server.url,
          PRESENCE_CHANGED,
          { userIds: [ada.id] },
          { token: eve.token },
        );
      const [watchFirst, watchSecond] = await Promise.all([watchOn(first), watchOn(second)]);
      const onFirst = await subscribe(first.url, A_SOCKET, {}, { token: ada.token });
      const onSecond = await subscribe(second.url, A_SOCKET, {}, { token: ada.token });
      let again: LiveSubscription<unknown> | undefined;
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
        // Events arrive in order: a repeated transition would come before the next one.
        again = await subscribe(first.url, A_SOCKET, {}, { token: ada.token });
        expect((await watchFirst.take(3))[2]!.presenceChanged.state).toBe('online');
      } finally {
        await Promise.all(
          [watchFirst, watchSecond, onFirst, onSecond, again].map((live) => live?.close()),
        );
      }
    });
  },
);
