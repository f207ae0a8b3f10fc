import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, pairKeyOf, spaceChatIdOf } from '@rules';
import { chatConversations, chatMembers, chatMessages } from '../../server/src/db/schema';
import { gql, gqlData, gqlError } from '../helpers/clients';
import {
  CHANNEL_DIRECTORY,
  CHAT_CONVERSATION,
  CHAT_CONVERSATIONS,
  CREATE_CONVERSATION,
  JOIN_CHANNEL,
  SPACE_CHAT,
  chatConversationsOf,
  createChannel,
  createMap,
  createPrivateSpace,
  insertProblem,
  openDirectChat,
  setStatus,
  signUpVerified,
  spaceChatOf,
  type ConversationView,
  type TestUser,
} from '../helpers/factories';
import { refusedAsMissing } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Conversations (000 §2 chat drawer, §3 chat group, §5 channel rules): direct chats one per pair,
 * groups and channels of a space, the space chat, the drawer's list and the channel directory.
 */
let server: TestServer;
let ana: TestUser;
let ben: TestUser;
let cleo: TestUser;
let outsider: TestUser;
let privateSpace: string;

/** A message straight into the database (sending is tested with messages). */
async function insertMessage(conversationId: string, author: TestUser) {
  await server.deps.db
    .insert(chatMessages)
    .values({ id: randomUUID(), conversationId, authorId: author.id, text: '<p>hi</p>' });
  await server.deps.db
    .update(chatConversations)
    .set({ lastMessageAt: new Date() })
    .where(eq(chatConversations.id, conversationId));
}

beforeAll(async () => {
  server = await startTestServer();
  [ana, ben, cleo, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Ana' }),
    signUpVerified(server, { displayName: 'Ben' }),
    signUpVerified(server, { displayName: 'Cleo' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  privateSpace = (
    await createPrivateSpace(server, ana, {
      members: [
        { user: ben, status: 'contributor' },
        { user: cleo, status: 'contributor' },
      ],
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('direct chats', () => {
  it('refuses a signed-out visitor', async () => {
    const error = await gqlError(server.url, CREATE_CONVERSATION, {
      input: { type: 'p2p', receiverId: ben.id },
    });
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('opens a direct chat named by the other person, with both as members', async () => {
    const chat = await openDirectChat(server, ana, cleo);
    expect(chat).toMatchObject({
      type: 'p2p',
      name: 'Cleo',
      spaceId: null,
      isMember: true,
      totalMembers: 2,
      receivingAuthor: { id: cleo.id, displayName: 'Cleo', isAuthor: false },
    });
    const seenByCleo = await gqlData<{ chatConversation: ConversationView }>(
      server.url,
      CHAT_CONVERSATION,
      { id: chat.id },
      { token: cleo.token },
    );
    expect(seenByCleo.chatConversation).toMatchObject({
      name: 'Ana',
      receivingAuthor: { id: ana.id },
    });
  });

  it('returns the existing direct chat of a pair, whoever starts it', async () => {
    const first = await openDirectChat(server, ana, ben);
    expect((await openDirectChat(server, ana, ben)).id).toBe(first.id);
    expect((await openDirectChat(server, ben, ana)).id).toBe(first.id);
  });

  it('gives two people starting a chat at the same moment one conversation', async () => {
    const [dan, eve] = await Promise.all([
      signUpVerified(server, { displayName: 'Dan' }),
      signUpVerified(server, { displayName: 'Eve' }),
    ]);
    const chats = await Promise.all([
      ...Array.from({ length: 5 }, () => openDirectChat(server, dan, eve)),
      ...Array.from({ length: 5 }, () => openDirectChat(server, eve, dan)),
    ]);
    expect(new Set(chats.map((chat) => chat.id)).size).toBe(1);
    const rows = await server.deps.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.pairKey, pairKeyOf(dan.id, eve.id)));
    expect(rows).toHaveLength(1);
    const members = await server.deps.db
      .select()
      .from(chatMembers)
      .where(eq(chatMembers.conversationId, rows[0]!.id));
    expect(members).toHaveLength(2);
  });

  it('refuses a chat with oneself and with nobody', async () => {
    const self = await gqlError(
      server.url,
      CREATE_CONVERSATION,
      { input: { type: 'p2p', receiverId: ana.id } },
      { token: ana.token },
    );
    expect(self).toMatchObject({ code: 'BAD_USER_INPUT', message: CHAT_MESSAGES.selfChat });
    const nobody = await gqlError(
      server.url,
      CREATE_CONVERSATION,
      { input: { type: 'p2p', receiverId: 'nobody' } },
      { token: ana.token },
    );
    expect(nobody).toMatchObject({ code: 'NOT_FOUND', message: CHAT_MESSAGES.userNotFound });
  });

  it('is not readable by a third person', async () => {
    const chat = await openDirectChat(server, ana, ben);
    const refused = refusedAsMissing(() => ({ server, token: cleo.token }));
    await refused.graphql(CHAT_CONVERSATION, { id: chat.id });
  });
});

describe('groups and channels', () => {
  const create = (user: TestUser | null, input: Record<string, unknown>) =>
    gqlError(server.url, CREATE_CONVERSATION, { input }, { token: user?.token });

  it('refuses a signed-out visitor', async () => {
    const error = await create(null, { type: 'public', spaceId: 'ww', name: 'Wells' });
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('makes the creator the author and a member, with the people chosen', async () => {
    const channel = await createChannel(server, ana, {
      spaceId: privateSpace,
      type: 'private',
      name: '  Night shift  ',
      description: 'Who guards the pump',
      members: [ben],
    });
    expect(channel).toMatchObject({
      type: 'private',
      name: 'Night shift',
      description: 'Who guards the pump',
      spaceId: privateSpace,
      isMember: true,
      totalMembers: 2,
      author: { id: ana.id, displayName: 'Ana' },
      receivingAuthor: null,
    });
  });

  it('asks for a name: "Name Required." then "Please enter min 3 characters"', async () => {
    expect(await create(ana, { type: 'public', spaceId: 'ww' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CHAT_MESSAGES.nameRequired,
    });
    expect(await create(ana, { type: 'public', spaceId: 'ww', name: '   ' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CHAT_MESSAGES.nameRequired,
    });
    expect(await create(ana, { type: 'public', spaceId: 'ww', name: 'ab' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CHAT_MESSAGES.nameTooShort,
    });
  });

  it('refuses a channel in a private space the creator is not in', async () => {
    const error = await create(outsider, { type: 'public', spaceId: privateSpace, name: 'Spies' });
    expect(error.code).toBe('NOT_FOUND');
  });

  it('refuses members who cannot read the space', async () => {
    const error = await create(ana, {
      type: 'private',
      spaceId: privateSpace,
      name: 'Leaky',
      memberIds: [outsider.id],
    });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: CHAT_MESSAGES.userNotFound });
  });

  it('ties a group to a problem of its space the creator can read (Go To Problem)', async () => {
    const problemId = await insertProblem(server, ben, { spaceId: privateSpace });
    const group = await createChannel(server, cleo, {
      type: 'group',
      spaceId: privateSpace,
      name: 'Pump problem',
      itemType: 'problem',
      itemId: problemId,
    });
    expect(group).toMatchObject({ type: 'group', itemType: 'problem', itemId: problemId });
  });

  it('ties a group to a recipe or to another map of its space (Go To Map)', async () => {
    const problemId = await insertProblem(server, ben, { spaceId: privateSpace });
    const recipe = await createMap(server, ben, { spaceId: privateSpace, problemId });
    const spaceMap = await createMap(server, ben, { spaceId: privateSpace });
    const base = { type: 'group', spaceId: privateSpace, name: 'Map talk' } as const;
    expect(
      await createChannel(server, cleo, { ...base, itemType: 'recipe', itemId: recipe.id }),
    ).toMatchObject({ itemType: 'recipe', itemId: recipe.id });
    expect(
      await createChannel(server, cleo, { ...base, itemType: 'spacemaps', itemId: spaceMap.id }),
    ).toMatchObject({ itemType: 'spacemaps', itemId: spaceMap.id });
  });

  it('refuses a group tied to a map of the wrong kind, of another space, or the creator cannot read', async () => {
    const itemNotFound = { code: 'NOT_FOUND', message: CHAT_MESSAGES.itemNotFound };
    const problemId = await insertProblem(server, ana, { spaceId: privateSpace });
    const recipe = await createMap(server, ana, { spaceId: privateSpace, problemId });
    const spaceMap = await createMap(server, ana, { spaceId: privateSpace });
    const hiddenMap = await createMap(server, ana, { spaceId: privateSpace, isPrivate: true });
    const base = { type: 'group', spaceId: privateSpace, name: 'Tied' };
    for (const [creator, tie] of [
      [ben, { itemType: 'spacemaps', itemId: recipe.id }],
      [ben, { itemType: 'recipe', itemId: spaceMap.id }],
      [ben, { itemType: 'spacemaps', itemId: hiddenMap.id }],
      [outsider, { spaceId: 'ww', itemType: 'spacemaps', itemId: spaceMap.id }],
      [ana, { spaceId: 'ww', itemType: 'spacemaps', itemId: spaceMap.id }],
    ] as const) {
      expect(await create(creator, { ...base, ...tie }), JSON.stringify(tie)).toMatchObject(
        itemNotFound,
      );
    }
    const groups = await server.deps.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(eq(chatConversations.name, 'Tied'));
    expect(groups, 'no group was made').toEqual([]);
  });

  it('refuses a group tied to a problem the creator cannot read, or to no such item', async () => {
    const hidden = await insertProblem(server, ana, { spaceId: privateSpace });
    const itemNotFound = { code: 'NOT_FOUND', message: CHAT_MESSAGES.itemNotFound };
    const base = { type: 'group', spaceId: 'ww', name: 'Tied' };
    expect(await create(outsider, { ...base, itemType: 'problem', itemId: hidden })).toMatchObject(
      itemNotFound,
    );
    expect(
      await create(ana, { ...base, spaceId: privateSpace, itemType: 'problem', itemId: 'gone' }),
    ).toMatchObject(itemNotFound);
    expect(
      await create(ana, { ...base, spaceId: 'ww', itemType: 'problem', itemId: hidden }),
    ).toMatchObject(itemNotFound);
    expect(await create(ana, { ...base, itemType: 'recipe', itemId: 'r1' })).toMatchObject(
      itemNotFound,
    );
  });
});

describe('the space chat', () => {
  it('refuses a signed-out visitor', async () => {
    expect((await gqlError(server.url, SPACE_CHAT, { spaceId: 'ww' })).code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it("is the space's one default chat, with a fixed id, named by the space", async () => {
    const [byAna, byBen] = await Promise.all([
      spaceChatOf(server, ana, privateSpace),
      spaceChatOf(server, ben, privateSpace),
    ]);
    expect(byAna.id).toBe(spaceChatIdOf(privateSpace));
    expect(byBen.id).toBe(byAna.id);
    expect(byAna).toMatchObject({ type: 'space', isMember: true, totalMembers: 3 });
    expect(byAna.name).toBe('Water committee');
  });

  it('is open to every signed-in person in the global space', async () => {
    const chat = await spaceChatOf(server, outsider, 'ww');
    expect(chat).toMatchObject({ id: spaceChatIdOf('ww'), type: 'space', isMember: true });
  });

  it('does not exist for outsiders of a private space', async () => {
    const refused = refusedAsMissing(() => ({ server, token: outsider.token }));
    await refused.graphql(SPACE_CHAT, { spaceId: privateSpace });
    await refused.graphql(CHAT_CONVERSATION, { id: spaceChatIdOf(privateSpace) });
    const list = await chatConversationsOf(server, outsider, privateSpace);
    expect(list.some((conversation) => conversation.type === 'space')).toBe(false);
  });

  it('starts a newcomer at the newest message, so its history is not unread', async () => {
    const newcomer = await signUpVerified(server, { displayName: 'Newcomer' });
    await spaceChatOf(server, ana, 'ww');
    await insertMessage(spaceChatIdOf('ww'), ana);
    await chatConversationsOf(server, newcomer, 'ww');
    const [row] = await server.deps.db
      .select()
      .from(chatMembers)
      .where(eq(chatMembers.userId, newcomer.id));
    const messages = await server.deps.db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, spaceChatIdOf('ww')));
    expect(row?.lastReadSeq).toBe(Math.max(...messages.map((message) => message.seq)));
  });
});

describe("the drawer's list", () => {
  it('refuses a signed-out visitor', async () => {
    expect((await gqlError(server.url, CHAT_CONVERSATIONS, { spaceId: 'ww' })).code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it("lists the space chat first, then direct chats and this space's groups the viewer is in", async () => {
    const [fay, gus, hal] = await Promise.all([
      signUpVerified(server, { displayName: 'Fay' }),
      signUpVerified(server, { displayName: 'gus' }),
      signUpVerified(server, { displayName: 'Hal' }),
    ]);
    const direct = await openDirectChat(server, fay, hal);
    const zebra = await createChannel(server, fay, { name: 'Zebra crossing', members: [gus] });
    const apple = await createChannel(server, gus, { name: 'apple growers', members: [fay] });
    await createChannel(server, gus, { name: 'Not for Fay' });
    const elsewhere = await createPrivateSpace(server, fay, { name: 'Elsewhere' });
    await createChannel(server, fay, { spaceId: elsewhere.id, name: 'Other space' });

    const alphabetical = await chatConversationsOf(server, fay, 'ww', 'alphabetical');
    expect(alphabetical.map((conversation) => conversation.id)).toEqual([
      spaceChatIdOf('ww'),
      apple.id,
      direct.id,
      zebra.id,
    ]);

    await insertMessage(direct.id, hal);
    await insertMessage(zebra.id, gus);
    await insertMessage(zebra.id, gus);
    await insertMessage(apple.id, fay);
    const byUnread = await chatConversationsOf(server, fay, 'ww', 'unread');
    expect(byUnread.map((conversation) => conversation.id)).toEqual([
      spaceChatIdOf('ww'),
      zebra.id,
      direct.id,
      apple.id,
    ]);

    const inElsewhere = await chatConversationsOf(server, fay, elsewhere.id, 'alphabetical');
    expect(inElsewhere.map((conversation) => conversation.name)).toEqual([
      'Elsewhere',
      'Hal',
      'Other space',
    ]);
  });
});

describe('the channel directory and joining', () => {
  let open: ConversationView;
  let closed: ConversationView;

  beforeAll(async () => {
    open = await createChannel(server, ana, { spaceId: privateSpace, name: 'Open doors' });
    closed = await createChannel(server, ana, {
      spaceId: privateSpace,
      type: 'private',
      name: 'Closed doors',
    });
  });

  const directoryOf = async (user: TestUser) =>
    (
      await gqlData<{ chatChannelDirectory: ConversationView[] }>(
        server.url,
        CHANNEL_DIRECTORY,
        { spaceId: privateSpace },
        { token: user.token },
      )
    ).chatChannelDirectory;

  it('refuses a signed-out visitor', async () => {
    expect((await gqlError(server.url, CHANNEL_DIRECTORY, { spaceId: privateSpace })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await gqlError(server.url, JOIN_CHANNEL, { conversationId: open.id })).code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it("lists the space's public channels a participant has not joined, never private ones", async () => {
    const ids = (await directoryOf(cleo)).map((channel) => channel.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect((await directoryOf(cleo)).find((channel) => channel.id === open.id)?.isMember).toBe(
      false,
    );
    expect((await directoryOf(ana)).map((channel) => channel.id)).not.toContain(open.id);
    expect(await directoryOf(outsider)).toEqual([]);
  });

  it('lets a participant join a public channel, once', async () => {
    const joined = await gqlData<{ joinChannel: ConversationView }>(
      server.url,
      JOIN_CHANNEL,
      { conversationId: open.id },
      { token: cleo.token },
    );
    expect(joined.joinChannel).toMatchObject({ id: open.id, isMember: true, totalMembers: 2 });
    const again = await gqlData<{ joinChannel: ConversationView }>(
      server.url,
      JOIN_CHANNEL,
      { conversationId: open.id },
      { token: cleo.token },
    );
    expect(again.joinChannel.totalMembers).toBe(2);
    expect((await directoryOf(cleo)).map((channel) => channel.id)).not.toContain(open.id);
  });

  it('counts every one of many people joining at once', async () => {
    const channel = await createChannel(server, ana, { name: 'Crowd' });
    const crowd = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        signUpVerified(server, { displayName: `Crowd ${index}` }),
      ),
    );
    await Promise.all(
      crowd.map((person) =>
        gqlData(server.url, JOIN_CHANNEL, { conversationId: channel.id }, { token: person.token }),
      ),
    );
    const seen = await gqlData<{ chatConversation: ConversationView }>(
      server.url,
      CHAT_CONVERSATION,
      { id: channel.id },
      { token: ana.token },
    );
    expect(seen.chatConversation.totalMembers).toBe(9);
  });

  it('refuses joining a private channel, or a channel of a space one cannot read', async () => {
    const refusedToBen = refusedAsMissing(() => ({ server, token: ben.token }));
    await refusedToBen.graphql(JOIN_CHANNEL, { conversationId: closed.id });
    const refusedToOutsider = refusedAsMissing(() => ({ server, token: outsider.token }));
    await refusedToOutsider.graphql(JOIN_CHANNEL, { conversationId: open.id });
  });
});

describe('leaving a private space', () => {
  it("takes away the space's channels and chat", async () => {
    const ivy = await signUpVerified(server, { displayName: 'Ivy' });
    const space = await createPrivateSpace(server, ana, {
      name: 'Shrinking',
      members: [{ user: ivy, status: 'contributor' }],
    });
    const channel = await createChannel(server, ana, {
      spaceId: space.id,
      type: 'private',
      name: 'Inner circle',
      members: [ivy],
    });
    await spaceChatOf(server, ivy, space.id);
    await setStatus(server, ana, space.id, ivy, 'blocked');

    const refused = refusedAsMissing(() => ({ server, token: ivy.token }));
    await refused.graphql(CHAT_CONVERSATION, { id: channel.id });
    await refused.graphql(SPACE_CHAT, { spaceId: space.id });
    expect(await chatConversationsOf(server, ivy, space.id)).toEqual([]);
    const result = await gql(
      server.url,
      CHAT_CONVERSATION,
      { id: channel.id },
      { token: ana.token },
    );
    expect(result.errors).toBeUndefined();
  });
});
