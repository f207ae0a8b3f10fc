import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Topics } from '../../server/src/graphql/pubsub';
import { gqlData, gqlError } from '../helpers/clients';
import {
  CHAT_TOTALS,
  CONVERSATION_UNREAD,
  MARK_CONVERSATION_READ,
  SET_ACTIVE_CONVERSATION,
  chatConversationsOf,
  chatHistory,
  chatTotalsOf,
  createChannel,
  createPrivateSpace,
  markChatRead,
  openDirectChat,
  sendMessage,
  sendMessages,
  setActiveConversation,
  signUpVerified,
  spaceChatOf,
  unreadIn,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
const reads: Topics['chatRead'][0][] = [];

beforeAll(async () => {
  server = await startTestServer();
  void (async () => {
    for await (const event of server.deps.pubsub.subscribe('chatRead')) reads.push(event);
  })();
});
afterAll(async () => {
  await server?.stop();
});

/** Two new people and their direct chat. */
async function pair() {
  const [a, b] = await Promise.all([
    signUpVerified(server, { displayName: 'Asha' }),
    signUpVerified(server, { displayName: 'Bala' }),
  ]);
  const direct = await openDirectChat(server, a, b);
  return { a, b, direct: direct.id };
}

describe('unread counts', () => {
  it('counts the messages of others, never one’s own', async () => {
    const { a, b, direct } = await pair();
    await sendMessages(server, a, direct, 3);
    expect(await unreadIn(server, b, direct)).toBe(3);
    expect(await unreadIn(server, a, direct)).toBe(0);
  });

  it('takes sending as having read the conversation up to one’s own message', async () => {
    const { a, b, direct } = await pair();
    await sendMessages(server, a, direct, 3);
    await sendMessage(server, b, { conversationId: direct });
    expect(await unreadIn(server, a, direct)).toBe(1);
    expect(await unreadIn(server, b, direct)).toBe(0);
  });

  it('shows in the drawer list with the last message, and sorts by unread', async () => {
    const { a, b, direct } = await pair();
    const quiet = (await openDirectChat(server, b, await signUpVerified(server))).id;
    const last = (await sendMessages(server, a, direct, 2)).at(-1)!;
    const list = await chatConversationsOf(server, b, 'ww', 'unread');
    const directs = list.filter((conversation) => conversation.type === 'p2p');
    expect(directs.map((conversation) => conversation.id)).toEqual([direct, quiet]);
    const data = await gqlData<{
      chatConversation: { totalNewMessages: number; lastMessage: { id: string } | null };
    }>(server.url, CONVERSATION_UNREAD, { id: direct }, { token: b.token });
    expect(data.chatConversation).toMatchObject({
      totalNewMessages: 2,
      lastMessage: { id: last.id },
    });
  });

  it('clears when the conversation is read, and tells the reader’s other devices', async () => {
    const { a, b, direct } = await pair();
    await sendMessages(server, a, direct, 3);
    const data = await gqlData<{ markConversationRead: { id: string; totalNewMessages: number } }>(
      server.url,
      MARK_CONVERSATION_READ,
      { conversationId: direct },
      { token: b.token },
    );
    expect(data.markConversationRead).toEqual({ id: direct, totalNewMessages: 0 });
    await expect
      .poll(() => reads.filter((event) => event.userId === b.id))
      .toEqual([{ userId: b.id, conversationId: direct }]);
    await sendMessage(server, a, { conversationId: direct });
    expect(await unreadIn(server, b, direct)).toBe(1);
  });

  it('does not rise in the conversation open on screen, and counts again once it is left', async () => {
    const { a, b, direct } = await pair();
    await sendMessage(server, a, { conversationId: direct });
    await setActiveConversation(server, b, direct);
    expect(await unreadIn(server, b, direct)).toBe(0);
    await sendMessages(server, a, direct, 3);
    expect(await unreadIn(server, b, direct)).toBe(0);
    await setActiveConversation(server, b, null);
    expect(await unreadIn(server, b, direct)).toBe(0);
    await sendMessages(server, a, direct, 2);
    expect(await unreadIn(server, b, direct)).toBe(2);
  });

  it('opening another conversation marks the one left read and stops keeping it read', async () => {
    const { a, b, direct } = await pair();
    const other = (await openDirectChat(server, b, await signUpVerified(server))).id;
    await setActiveConversation(server, b, direct);
    await sendMessage(server, a, { conversationId: direct });
    await setActiveConversation(server, b, other);
    await sendMessage(server, a, { conversationId: direct });
    expect(await unreadIn(server, b, direct)).toBe(1);
  });

  it('counts exactly when many people send at once', async () => {
    const author = await signUpVerified(server, { displayName: 'Host' });
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        signUpVerified(server, { displayName: `Guest ${index}` }),
      ),
    );
    const group = (await createChannel(server, author, { type: 'group', members: people })).id;
    await Promise.all(
      people.flatMap((person) =>
        [1, 2, 3].map(() => sendMessage(server, person, { conversationId: group })),
      ),
    );
    expect(await unreadIn(server, author, group)).toBe(18);
    // A sender has read up to their own last message: others' messages after it are unread.
    const history = (await chatHistory(server, author, group)).items;
    const first = people[0]!;
    const lastOwn = history.findLastIndex((message) => message.author?.id === first.id);
    expect(await unreadIn(server, first, group)).toBe(history.length - lastOwn - 1);
  });

  it('only the members of a conversation may mark it read or open it', async () => {
    const { direct } = await pair();
    const stranger = await signUpVerified(server);
    for (const [query, variables] of [
      [MARK_CONVERSATION_READ, { conversationId: direct }],
      [SET_ACTIVE_CONVERSATION, { conversationId: direct }],
    ] as const)
      expect(await gqlError(server.url, query, variables, { token: stranger.token })).toMatchObject(
        { code: 'NOT_FOUND' },
      );
    expect(
      await gqlError(server.url, MARK_CONVERSATION_READ, { conversationId: direct }),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('the Chat badge totals', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(await gqlError(server.url, CHAT_TOTALS, { spaceId: 'ww' })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('split the space chat from direct chats and the space’s groups and channels', async () => {
    const [owner, member] = await Promise.all([
      signUpVerified(server, { displayName: 'Owner' }),
      signUpVerified(server, { displayName: 'Member' }),
    ]);
    const space = await createPrivateSpace(server, owner, {
      members: [{ user: member, status: 'contributor' }],
    });
    const spaceChat = (await spaceChatOf(server, owner, space.id)).id;
    await spaceChatOf(server, member, space.id);
    const channel = (await createChannel(server, owner, { spaceId: space.id, members: [member] }))
      .id;
    const direct = (await openDirectChat(server, owner, member)).id;
    const elsewhere = (await createChannel(server, owner, { type: 'group', members: [member] })).id;

    await sendMessages(server, owner, spaceChat, 2);
    await sendMessages(server, owner, channel, 3);
    await sendMessages(server, owner, direct, 1);
    await sendMessages(server, owner, elsewhere, 4);

    expect(await chatTotalsOf(server, member, space.id)).toEqual({
      totalNewMessages: 4,
      totalNewSpaceMessages: 2,
    });
    // The global space counts its own group and the same direct chat.
    expect(await chatTotalsOf(server, member, 'ww')).toMatchObject({ totalNewMessages: 5 });
    expect(await chatTotalsOf(server, owner, space.id)).toEqual({
      totalNewMessages: 0,
      totalNewSpaceMessages: 0,
    });

    await markChatRead(server, member, spaceChat);
    await markChatRead(server, member, channel);
    expect(await chatTotalsOf(server, member, space.id)).toEqual({
      totalNewMessages: 1,
      totalNewSpaceMessages: 0,
    });
  });

  it('start a space chat’s count when a person first opens it, not with its whole history', async () => {
    const [early, late] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const space = await createPrivateSpace(server, early, {
      members: [{ user: late, status: 'contributor' }],
    });
    const chat = (await spaceChatOf(server, early, space.id)).id;
    await sendMessages(server, early, chat, 3);
    expect((await chatTotalsOf(server, late, space.id)).totalNewSpaceMessages).toBe(0);
    await spaceChatOf(server, late, space.id);
    await sendMessage(server, early, { conversationId: chat });
    expect((await chatTotalsOf(server, late, space.id)).totalNewSpaceMessages).toBe(1);
  });

  it('are not told about a private space to someone outside it', async () => {
    const [owner, stranger] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const space = await createPrivateSpace(server, owner);
    expect(
      await gqlError(server.url, CHAT_TOTALS, { spaceId: space.id }, { token: stranger.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('reading a space chat one never opened', () => {
  it('starts the reader’s row at the newest message', async () => {
    const [a, b] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const space = await createPrivateSpace(server, a, {
      members: [{ user: b, status: 'contributor' }],
    });
    const chat = (await spaceChatOf(server, a, space.id)).id;
    await sendMessage(server, a, { conversationId: chat });
    await gqlData(server.url, MARK_CONVERSATION_READ, { conversationId: chat }, { token: b.token });
    await sendMessage(server, a, { conversationId: chat });
    expect((await chatTotalsOf(server, b, space.id)).totalNewSpaceMessages).toBe(1);
  });
});
