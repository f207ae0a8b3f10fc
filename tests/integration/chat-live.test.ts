import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError, subscribe, type LiveSubscription } from '../helpers/clients';
import {
  createChannel,
  createPrivateSpace,
  leaveConversation,
  openDirectChat,
  setStatus,
  signUpVerified,
  spaceChatOf,
  type TestUser,
} from '../helpers/factories';
import { startCountingProxy } from '../helpers/count-proxy';
import {
  createTestDatabase,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers/server';

/**
 * Live chat: a conversation's events reach the people who may read it, and nobody else, judged
 * per event from what the process keeps in memory.
 */

const MESSAGE_EVENTS = `subscription($conversationId: ID!) {
  chatMessageEvents(conversationId: $conversationId) {
    change conversationId messageId
    message { id text author { id displayName } reactions { emoji count reactedByMe } editedAt }
  }
}`;
const TYPING = `subscription($conversationId: ID!) {
  chatTyping(conversationId: $conversationId) { conversationId userId displayName typing }
}`;
const UNREAD = `subscription($spaceId: ID!) {
  chatUnread(spaceId: $spaceId) { conversationId totalNewMessages totals { totalNewMessages totalNewSpaceMessages } }
}`;
const CONVERSATION_EVENTS = `subscription { chatConversationEvents { change conversationId conversation { id name } } }`;
const SEND = `mutation($input: SendChatMessageInput!) { sendChatMessage(input: $input) { id } }`;
const EDIT = `mutation($conversationId: ID!, $messageId: ID!, $text: String!) {
  editChatMessage(conversationId: $conversationId, messageId: $messageId, text: $text) { id }
}`;
const REMOVE = `mutation($conversationId: ID!, $messageId: ID!) { deleteChatMessage(conversationId: $conversationId, messageId: $messageId) }`;
const REACT = `mutation($conversationId: ID!, $messageId: ID!, $emoji: String) {
  reactToChatMessage(conversationId: $conversationId, messageId: $messageId, emoji: $emoji) { id }
}`;
const READ = `mutation($conversationId: ID!) { markConversationRead(conversationId: $conversationId) { id } }`;
const SET_TYPING = `mutation($conversationId: ID!, $typing: Boolean!) { setTyping(conversationId: $conversationId, typing: $typing) }`;

interface MessageEvent {
  chatMessageEvents: {
    change: string;
    conversationId: string;
    messageId: string;
    message: {
      id: string;
      text: string;
      author: { id: string } | null;
      reactions: { emoji: string; count: number; reactedByMe: boolean }[];
      editedAt: string | null;
    } | null;
  };
}
interface TypingEvent {
  chatTyping: { conversationId: string; userId: string; displayName: string; typing: boolean };
}
interface UnreadEvent {
  chatUnread: {
    conversationId: string;
    totalNewMessages: number;
    totals: { totalNewMessages: number; totalNewSpaceMessages: number };
  };
}
interface ConversationEvent {
  chatConversationEvents: {
    change: string;
    conversationId: string;
    conversation: { id: string; name: string } | null;
  };
}

let server: TestServer;
const open: LiveSubscription<unknown>[] = [];
async function follow<T>(query: string, variables: Record<string, unknown>, user?: TestUser) {
  const subscription = await subscribe<T>(server.url, query, variables, { token: user?.token });
  open.push(subscription as LiveSubscription<unknown>);
  return subscription;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((subscription) => subscription.close()));
});

async function send(user: TestUser, conversationId: string, text = '<p>Hello</p>') {
  const id = randomUUID();
  await gqlData(server.url, SEND, { input: { id, conversationId, text } }, { token: user.token });
  return id;
}
const call = (user: TestUser, query: string, variables: Record<string, unknown>) =>
  gqlData(server.url, query, variables, { token: user.token });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('chatMessageEvents', () => {
  it('refuses a signed-out subscriber', async () => {
    const people = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const chat = await openDirectChat(server, people[0]!, people[1]!);
    const live = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: chat.id });
    await expect.poll(() => live.errors.length).toBe(1);
    expect(live.errors[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('brings a member messages added, edited, reacted to and removed, in order, within a second', async () => {
    const [ada, bo] = await Promise.all([
      signUpVerified(server, { displayName: 'Ada' }),
      signUpVerified(server, { displayName: 'Bo' }),
    ]);
    const chat = await openDirectChat(server, ada, bo);
    const live = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: chat.id }, bo);

    // Each event arrives within a second of its request's answer.
    const id = await send(ada, chat.id, '<p>Pump fixed</p>');
    await live.take(1, 1000);
    await call(ada, EDIT, { conversationId: chat.id, messageId: id, text: '<p>Pump fixed!</p>' });
    await live.take(2, 1000);
    await call(bo, REACT, { conversationId: chat.id, messageId: id, emoji: '👍' });
    await live.take(3, 1000);
    await call(ada, REMOVE, { conversationId: chat.id, messageId: id });
    const events = (await live.take(4, 1000)).map((event) => event.chatMessageEvents);

    expect(events.map((event) => [event.change, event.messageId])).toEqual([
      ['added', id],
      ['edited', id],
      ['reaction', id],
      ['removed', id],
    ]);
    expect(events[0]!.message).toMatchObject({ text: '<p>Pump fixed</p>', author: { id: ada.id } });
    expect(events[1]!.message!.text).toBe('<p>Pump fixed!</p>');
    expect(events[1]!.message!.editedAt).not.toBeNull();
    expect(events[2]!.message!.reactions).toEqual([{ emoji: '👍', count: 1, reactedByMe: true }]);
    expect(events[3]!.message).toBeNull();
  });

  it("shows each subscriber their own reactedByMe, never another's", async () => {
    const [ada, bo] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const chat = await openDirectChat(server, ada, bo);
    const adaLive = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: chat.id }, ada);
    const boLive = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: chat.id }, bo);
    const id = await send(ada, chat.id);
    await call(ada, REACT, { conversationId: chat.id, messageId: id, emoji: '🎉' });

    const [, adaReaction] = await adaLive.take(2);
    const [, boReaction] = await boLive.take(2);
    expect(adaReaction!.chatMessageEvents.message!.reactions).toEqual([
      { emoji: '🎉', count: 1, reactedByMe: true },
    ]);
    expect(boReaction!.chatMessageEvents.message!.reactions).toEqual([
      { emoji: '🎉', count: 1, reactedByMe: false },
    ]);
  });

  it('refuses a non-member with NOT_FOUND and never hands them a message', async () => {
    const [ada, bo, eve] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const chat = await openDirectChat(server, ada, bo);
    const group = await createChannel(server, ada, { type: 'group', members: [bo] });
    const onChat = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: chat.id }, eve);
    const onGroup = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: group.id }, eve);
    const onNothing = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: 'nope' }, eve);
    for (const live of [onChat, onGroup, onNothing]) {
      await expect.poll(() => live.errors.length).toBe(1);
      expect(live.errors[0]).toMatchObject({
        message: 'Conversation not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    await send(ada, chat.id);
    await send(ada, group.id);
    // An error ends a graphql-ws operation: nothing can follow it.
    expect([onChat.received, onGroup.received]).toEqual([[], []]);
  });

  it('ends the subscription of someone who leaves a group, at once', async () => {
    const [ada, bo] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const group = await createChannel(server, ada, { type: 'group', members: [bo] });
    const live = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: group.id }, bo);
    await send(ada, group.id, '<p>Before</p>');
    await live.take(1);

    await leaveConversation(server, bo, group.id);
    await live.completed;
    // A completed graphql-ws operation receives nothing more.
    await send(ada, group.id, '<p>After</p>');
    expect(live.received).toHaveLength(1);
  });

  it('ends the subscriptions of a deleted group', async () => {
    const [ada, bo] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const group = await createChannel(server, ada, { type: 'group', members: [bo] });
    const live = await follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: group.id }, bo);
    await call(ada, `mutation($id: ID!) { deleteConversation(conversationId: $id) }`, {
      id: group.id,
    });
    await live.completed;
  });

  it('ends the subscriptions of someone blocked from the private space, to its chat and channels', async () => {
    const [owner, member] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const space = await createPrivateSpace(server, owner, {
      members: [{ user: member, status: 'contributor' }],
    });
    const channel = await createChannel(server, owner, {
      spaceId: space.id,
      type: 'private',
      members: [member],
    });
    const spaceChat = await spaceChatOf(server, owner, space.id);
    const onChannel = await follow<MessageEvent>(
      MESSAGE_EVENTS,
      { conversationId: channel.id },
      member,
    );
    const onSpaceChat = await follow<MessageEvent>(
      MESSAGE_EVENTS,
      { conversationId: spaceChat.id },
      member,
    );
    await send(owner, spaceChat.id);
    await onSpaceChat.take(1);

    await setStatus(server, owner, space.id, member, 'blocked');
    await Promise.all([onChannel.completed, onSpaceChat.completed]);
    // Completed graphql-ws operations receive nothing more.
    await send(owner, channel.id, '<p>Secret</p>');
    await send(owner, spaceChat.id, '<p>Secret</p>');
    expect([onChannel.received.length, onSpaceChat.received.length]).toEqual([0, 1]);
  });
});

describe('typing', () => {
  it('reaches the others in the conversation, not the typist, and only members may type', async () => {
    const [ada, bo, eve] = await Promise.all([
      signUpVerified(server, { displayName: 'Ada' }),
      signUpVerified(server, { displayName: 'Bo' }),
      signUpVerified(server),
    ]);
    const chat = await openDirectChat(server, ada, bo);
    const adaLive = await follow<TypingEvent>(TYPING, { conversationId: chat.id }, ada);
    const boLive = await follow<TypingEvent>(TYPING, { conversationId: chat.id }, bo);

    expect(await call(ada, SET_TYPING, { conversationId: chat.id, typing: true })).toEqual({
      setTyping: true,
    });
    await call(ada, SET_TYPING, { conversationId: chat.id, typing: false });
    expect((await boLive.take(2)).map((event) => event.chatTyping)).toEqual([
      { conversationId: chat.id, userId: ada.id, displayName: 'Ada', typing: true },
      { conversationId: chat.id, userId: ada.id, displayName: 'Ada', typing: false },
    ]);
    // Typing events arrive in order: Ada's own would come before Bo's.
    await call(bo, SET_TYPING, { conversationId: chat.id, typing: true });
    expect((await adaLive.take(1)).map((event) => event.chatTyping)).toEqual([
      { conversationId: chat.id, userId: bo.id, displayName: 'Bo', typing: true },
    ]);

    const outsider = await gqlError(
      server.url,
      SET_TYPING,
      { conversationId: chat.id, typing: true },
      { token: eve.token },
    );
    expect(outsider).toMatchObject({ code: 'NOT_FOUND', message: 'Conversation not found' });
    const signedOut = await gqlError(server.url, SET_TYPING, {
      conversationId: chat.id,
      typing: true,
    });
    expect(signedOut.code).toBe('UNAUTHENTICATED');
    const eveLive = await follow<TypingEvent>(TYPING, { conversationId: chat.id }, eve);
    await expect.poll(() => eveLive.errors.length).toBe(1);
  });
});

describe('chatUnread', () => {
  it('carries the conversation’s unread count and the space’s totals as messages come and are read', async () => {
    const [ada, bo] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const chat = await openDirectChat(server, ada, bo);
    const group = await createChannel(server, ada, { type: 'group', members: [bo] });
    const live = await follow<UnreadEvent>(UNREAD, { spaceId: 'ww' }, bo);
    const adaLive = await follow<UnreadEvent>(UNREAD, { spaceId: 'ww' }, ada);

    // Each event's totals are counted when it is pushed, so the next step waits for it: a read
    // landing before the group message's event is counted would rightly lower its totals.
    await send(ada, chat.id);
    await live.take(1);
    await send(ada, chat.id);
    await live.take(2);
    await send(ada, group.id);
    await live.take(3);
    await call(bo, READ, { conversationId: chat.id });
    const events = (await live.take(4)).map((event) => event.chatUnread);
    expect(events).toEqual([
      {
        conversationId: chat.id,
        totalNewMessages: 1,
        totals: { totalNewMessages: 1, totalNewSpaceMessages: 0 },
      },
      {
        conversationId: chat.id,
        totalNewMessages: 2,
        totals: { totalNewMessages: 2, totalNewSpaceMessages: 0 },
      },
      {
        conversationId: group.id,
        totalNewMessages: 1,
        totals: { totalNewMessages: 3, totalNewSpaceMessages: 0 },
      },
      {
        conversationId: chat.id,
        totalNewMessages: 0,
        totals: { totalNewMessages: 1, totalNewSpaceMessages: 0 },
      },
    ]);
    // The author's own messages are not unread to them: they would come before Bo's, in order.
    await send(bo, chat.id);
    expect((await adaLive.take(1))[0]!.chatUnread).toMatchObject({
      conversationId: chat.id,
      totalNewMessages: 1,
    });
  });

  it('counts the space chat in totalNewSpaceMessages, and refuses a private space one does not read', async () => {
    const [ada, bo, eve] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const space = await createPrivateSpace(server, ada, {
      members: [{ user: bo, status: 'contributor' }],
    });
    const spaceChat = await spaceChatOf(server, ada, space.id);
    await spaceChatOf(server, bo, space.id);
    const live = await follow<UnreadEvent>(UNREAD, { spaceId: space.id }, bo);
    await send(ada, spaceChat.id);
    expect((await live.take(1))[0]!.chatUnread).toEqual({
      conversationId: spaceChat.id,
      totalNewMessages: 1,
      totals: { totalNewMessages: 0, totalNewSpaceMessages: 1 },
    });

    const outsider = await follow<UnreadEvent>(UNREAD, { spaceId: space.id }, eve);
    await expect.poll(() => outsider.errors.length).toBe(1);
    expect(outsider.errors[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
  });
});

describe('chatConversationEvents', () => {
  it('tells people they were added to a conversation and that it was deleted', async () => {
    const [ada, bo] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const live = await follow<ConversationEvent>(CONVERSATION_EVENTS, {}, bo);
    const group = await createChannel(server, ada, {
      type: 'group',
      name: 'Pumps',
      members: [bo],
    });
    await call(ada, `mutation($id: ID!) { deleteConversation(conversationId: $id) }`, {
      id: group.id,
    });
    expect((await live.take(2)).map((event) => event.chatConversationEvents)).toEqual([
      { change: 'added', conversationId: group.id, conversation: { id: group.id, name: 'Pumps' } },
      { change: 'removed', conversationId: group.id, conversation: null },
    ]);
  });
});

describe('the cost of an event', () => {
  let shared: TestServer;
  let counted: CountedServer;
  beforeAll(async () => {
    shared = server;
    counted = await countedServer(shared);
    server = counted.server;
  }, 60_000);
  afterAll(async () => {
    server = shared;
    await counted?.stop();
  });

  it('is the same number of statements for 50 subscribers as for one', async () => {
    const author = await signUpVerified(server);
    const readers = await Promise.all(Array.from({ length: 6 }, () => signUpVerified(server)));
    const crowded = await createChannel(server, author, { type: 'group', members: readers });
    const quiet = await createChannel(server, author, { type: 'group', members: [readers[0]!] });
    // 50 subscriptions from 6 people (8 or 9 each) against one.
    const crowd = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        follow<MessageEvent>(MESSAGE_EVENTS, { conversationId: crowded.id }, readers[i % 6]),
      ),
    );
    const single = await follow<MessageEvent>(
      MESSAGE_EVENTS,
      { conversationId: quiet.id },
      readers[0],
    );

    /** Statements for one message (its send and its delivery), the fewest of two tries. */
    const costOf = async (conversationId: string, subscribers: LiveSubscription<unknown>[]) => {
      const costs: number[] = [];
      for (const round of [1, 2]) {
        const before = counted.statements();
        await send(author, conversationId);
        await Promise.all(subscribers.map((live) => live.take(round)));
        costs.push(counted.statements() - before);
      }
      return Math.min(...costs);
    };
    const forOne = await costOf(quiet.id, [single as LiveSubscription<unknown>]);
    const forFifty = await costOf(crowded.id, crowd as LiveSubscription<unknown>[]);
    expect(forOne).toBeGreaterThan(0);
    expect(forFifty).toBe(forOne);
  });
});

interface CountedServer {
  server: TestServer;
  /** Statements the server has run so far. */
  statements(): number;
  stop(): Promise<void>;
}

/**
 * A server whose statements are counted: on PostgreSQL (TEST_DATABASE_URL) a server of its own
 * behind the wire-level counting proxy; on PGlite the shared one, counted at the embedded
 * database's query entry points.
 */
async function countedServer(shared: TestServer): Promise<CountedServer> {
  const database = await createTestDatabase({ migrated: true });
  if (database) {
    const proxy = await startCountingProxy(database.url);
    const own = await startTestServerOn(proxy.url);
    return {
      server: own,
      statements: () => {
        const counts = proxy.snapshot();
        return counts.execute + counts.query;
      },
      async stop() {
        await own.stop();
        await proxy.close();
        await database.drop();
      },
    };
  }
  const client = (shared.deps.db as unknown as { $client: Record<string, unknown> }).$client;
  const originals = new Map<string, unknown>();
  let count = 0;
  for (const method of ['query', 'exec'] as const) {
    const original = client[method] as (...args: unknown[]) => unknown;
    originals.set(method, original);
    client[method] = (...args: unknown[]) => {
      count++;
      return original.apply(client, args);
    };
  }
  return {
    server: shared,
    statements: () => count,
    async stop() {
      for (const [method, original] of originals) client[method] = original;
    },
  };
}
