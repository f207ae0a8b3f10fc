import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, CHAT_TEXT_MAX } from '@rules';
import type { Topics } from '../../server/src/graphql/pubsub';
import { gqlData, gqlError } from '../helpers/clients';
import {
  CHAT_HISTORY,
  DELETE_CHAT_MESSAGE,
  EDIT_CHAT_MESSAGE,
  REACT_TO_CHAT_MESSAGE,
  SEND_CHAT_MESSAGE,
  chatHistory,
  createChannel,
  createPrivateSpace,
  giveSiteRole,
  openDirectChat,
  sendMessage,
  sendMessages,
  signUpVerified,
  spaceChatOf,
  suspend,
  type ChatMessageView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let outsider: TestUser;
/** A group of Alice (author), Bob and Carol; Outsider is in no conversation of theirs. */
let group: string;
/** Every `chat` event published, in order. */
const published: Topics['chat'][0][] = [];

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  group = (await createChannel(server, alice, { type: 'group', members: [bob, carol] })).id;
  void (async () => {
    for await (const event of server.deps.pubsub.subscribe('chat')) published.push(event);
  })();
});
afterAll(async () => {
  await server?.stop();
});

const send = (user: TestUser | null, input: Record<string, unknown>) =>
  gqlError(
    server.url,
    SEND_CHAT_MESSAGE,
    { input: { id: randomUUID(), text: '<p>Hi</p>', ...input } },
    { token: user?.token },
  );
const eventsFor = (messageId: string) => published.filter((event) => event.messageId === messageId);

describe('sending a message', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(await send(null, { conversationId: group })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('stores a member’s message, sanitised and without trailing empty paragraphs, and announces it once', async () => {
    const message = await sendMessage(
      server,
      bob,
      { conversationId: group },
      {
        text: '<p>Meet at the <strong>well</strong></p><script>alert(1)</script><p></p><p><br></p>',
      },
    );
    expect(message).toMatchObject({
      conversationId: group,
      text: '<p>Meet at the <strong>well</strong></p>',
      type: null,
      author: { id: bob.id, displayName: 'Bob' },
      editedAt: null,
      replyTo: null,
      reactions: [],
      files: [],
    });
    await expect
      .poll(() => eventsFor(message.id))
      .toEqual([
        { conversationId: group, change: 'added', messageId: message.id, authorId: bob.id },
      ]);
    const history = await chatHistory(server, carol, group);
    expect(history.items.at(-1)).toEqual(message);
  });

  it('refuses a message with neither text nor images with "Write a message or attach an image"', async () => {
    for (const text of ['', '<p></p>', '<p> </p><p><br></p>', '<script>x</script>'])
      expect(await send(bob, { conversationId: group, text })).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: CHAT_MESSAGES.messageEmpty,
        field: 'text',
      });
  });

  it('refuses text over the limit with "Messages can be at most 5000 characters"', async () => {
    const text = `<p>${'a'.repeat(CHAT_TEXT_MAX + 1)}</p>`;
    expect(await send(bob, { conversationId: group, text })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CHAT_MESSAGES.messageTooLong,
    });
  });

  it('refuses an id that is not a UUID', async () => {
    expect(await send(bob, { conversationId: group, id: 'not-a-uuid' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'id',
    });
  });

  it('answers someone outside the conversation as if it did not exist', async () => {
    expect(await send(outsider, { conversationId: group })).toMatchObject({
      code: 'NOT_FOUND',
      message: CHAT_MESSAGES.notMember,
    });
    expect(await send(outsider, { conversationId: 'no-such-conversation' })).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets a suspended member read but not send', async () => {
    const moderator = await signUpVerified(server, { displayName: 'Moderator' });
    const suspended = await signUpVerified(server, { displayName: 'Suspended' });
    await giveSiteRole(server, moderator, 'moderator');
    const direct = await openDirectChat(server, suspended, alice);
    await suspend(server, moderator, suspended);
    expect(await send(suspended, { conversationId: direct.id })).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await chatHistory(server, suspended, direct.id)).items).toEqual([]);
  });

  it('posts in a space chat for its readers only (outsiders of a private space get NOT_FOUND)', async () => {
    const space = await createPrivateSpace(server, alice, {
      members: [{ user: bob, status: 'contributor' }],
    });
    const chat = await spaceChatOf(server, alice, space.id);
    const message = await sendMessage(server, bob, { conversationId: chat.id });
    expect(message.conversationId).toBe(chat.id);
    expect(await send(outsider, { conversationId: chat.id })).toMatchObject({
      code: 'NOT_FOUND',
    });
    const global = await spaceChatOf(server, outsider);
    expect((await sendMessage(server, outsider, { conversationId: global.id })).author?.id).toBe(
      outsider.id,
    );
  });
});

describe('sending idempotently by the client’s id', () => {
  it('returns the stored message when the same message is sent again, and announces it once', async () => {
    const id = randomUUID();
    const first = await sendMessage(server, carol, { conversationId: group }, { id });
    const again = await sendMessage(server, carol, { conversationId: group }, { id });
    expect(again).toEqual(first);
    const history = await chatHistory(server, carol, group, { limit: 1000 });
    expect(history.items.filter((message) => message.id === id)).toHaveLength(1);
    await expect.poll(() => eventsFor(id).length).toBe(1);
  });

  it('stores one message when the same send arrives many times at once', async () => {
    const id = randomUUID();
    const sends = await Promise.all(
      Array.from({ length: 8 }, () =>
        sendMessage(server, carol, { conversationId: group }, { id, text: '<p>Once</p>' }),
      ),
    );
    expect(new Set(sends.map((message) => message.id))).toEqual(new Set([id]));
    const history = await chatHistory(server, carol, group, { limit: 1000 });
    expect(history.items.filter((message) => message.id === id)).toHaveLength(1);
    await expect.poll(() => eventsFor(id).length).toBe(1);
  });

  it('refuses an id someone else used with "This message id is already used"', async () => {
    const id = randomUUID();
    await sendMessage(server, carol, { conversationId: group }, { id });
    expect(await send(bob, { conversationId: group, id })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CHAT_MESSAGES.idTaken,
      field: 'id',
    });
    const direct = await openDirectChat(server, carol, bob);
    expect(await send(carol, { conversationId: direct.id, id })).toMatchObject({
      message: CHAT_MESSAGES.idTaken,
    });
  });
});

describe('a direct chat’s first message', () => {
  it('opens the direct chat with the receiver, and later messages to them land in it', async () => {
    const dana = await signUpVerified(server, { displayName: 'Dana' });
    const first = await sendMessage(server, dana, { receiverId: alice.id });
    const second = await sendMessage(server, alice, { receiverId: dana.id });
    expect(second.conversationId).toBe(first.conversationId);
    const direct = await openDirectChat(server, alice, dana);
    expect(direct.id).toBe(first.conversationId);
    expect((await chatHistory(server, alice, direct.id)).items.map((m) => m.id)).toEqual([
      first.id,
      second.id,
    ]);
  });

  it('retried with the same id stores it once', async () => {
    const erin = await signUpVerified(server, { displayName: 'Erin' });
    const id = randomUUID();
    const [a, b] = await Promise.all([
      sendMessage(server, erin, { receiverId: bob.id }, { id }),
      sendMessage(server, erin, { receiverId: bob.id }, { id }),
    ]);
    expect(a).toEqual(b);
    expect((await chatHistory(server, bob, a.conversationId)).items).toHaveLength(1);
  });

  it('cannot be sent to oneself', async () => {
    expect(await send(alice, { receiverId: alice.id })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CHAT_MESSAGES.selfChat,
    });
  });
});

describe('replying to a message', () => {
  it('quotes the replied message as plain text with its author', async () => {
    const original = await sendMessage(
      server,
      alice,
      { conversationId: group },
      { text: '<p>Who brings <em>rope</em>?</p>' },
    );
    const reply = await sendMessage(
      server,
      bob,
      { conversationId: group },
      { text: '<p>Me</p>', replyToId: original.id },
    );
    expect(reply).toMatchObject({
      type: 'reply',
      replyTo: { id: original.id, text: 'Who brings rope?', authorName: 'Alice', hasFiles: false },
    });
  });

  it('refuses a reply to a message of another conversation, or one that is gone', async () => {
    const direct = await openDirectChat(server, alice, bob);
    const elsewhere = await sendMessage(server, alice, { conversationId: direct.id });
    for (const replyToId of [elsewhere.id, randomUUID()])
      expect(await send(bob, { conversationId: group, replyToId })).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: CHAT_MESSAGES.replyNotFound,
      });
  });

  it('loses its quote once the replied message is deleted', async () => {
    const original = await sendMessage(server, alice, { conversationId: group });
    const reply = await sendMessage(
      server,
      bob,
      { conversationId: group },
      { replyToId: original.id },
    );
    await gqlData(
      server.url,
      DELETE_CHAT_MESSAGE,
      { conversationId: group, messageId: original.id },
      { token: alice.token },
    );
    const history = await chatHistory(server, bob, group, { limit: 1000 });
    expect(history.items.find((message) => message.id === reply.id)?.replyTo).toBeNull();
  });
});

describe('editing a message', () => {
  const edit = (user: TestUser | null, messageId: string, text = '<p>Edited</p>') =>
    gqlError(
      server.url,
      EDIT_CHAT_MESSAGE,
      { conversationId: group, messageId, text },
      { token: user?.token },
    );

  it('asks a signed-out visitor to sign in', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(await edit(null, message.id)).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('lets the author change the text, shown as edited, and announces it', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    const data = await gqlData<{ editChatMessage: ChatMessageView }>(
      server.url,
      EDIT_CHAT_MESSAGE,
      { conversationId: group, messageId: message.id, text: '<p>Meet at noon</p><p></p>' },
      { token: bob.token },
    );
    expect(data.editChatMessage).toMatchObject({ id: message.id, text: '<p>Meet at noon</p>' });
    expect(data.editChatMessage.editedAt).not.toBeNull();
    await expect
      .poll(() => eventsFor(message.id).map((event) => event.change))
      .toEqual(['added', 'edited']);
  });

  it('refuses someone else’s message with "Only the author of a message can change it"', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(await edit(alice, message.id)).toMatchObject({
      code: 'FORBIDDEN',
      message: CHAT_MESSAGES.notAuthor,
    });
  });

  it('answers a non-member NOT_FOUND before anything else', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(await edit(outsider, message.id)).toMatchObject({
      code: 'NOT_FOUND',
      message: CHAT_MESSAGES.notMember,
    });
  });

  it('refuses emptying a message without images', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(await edit(bob, message.id, '<p></p>')).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: CHAT_MESSAGES.messageEmpty,
    });
  });

  it('answers NOT_FOUND for a message that is not in the conversation', async () => {
    expect(await edit(bob, randomUUID())).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('deleting a message', () => {
  const remove = (user: TestUser | null, messageId: string) =>
    gqlError(
      server.url,
      DELETE_CHAT_MESSAGE,
      { conversationId: group, messageId },
      { token: user?.token },
    );

  it('asks a signed-out visitor to sign in', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(await remove(null, message.id)).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('lets the author delete it: gone from the history, and announced', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    const data = await gqlData<{ deleteChatMessage: boolean }>(
      server.url,
      DELETE_CHAT_MESSAGE,
      { conversationId: group, messageId: message.id },
      { token: bob.token },
    );
    expect(data.deleteChatMessage).toBe(true);
    const history = await chatHistory(server, carol, group, { limit: 1000 });
    expect(history.items.some((item) => item.id === message.id)).toBe(false);
    await expect
      .poll(() => eventsFor(message.id).map((event) => event.change))
      .toEqual(['added', 'removed']);
  });

  it('refuses someone else’s message (FORBIDDEN) and answers a non-member NOT_FOUND', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(await remove(carol, message.id)).toMatchObject({
      code: 'FORBIDDEN',
      message: CHAT_MESSAGES.notAuthor,
    });
    expect(await remove(outsider, message.id)).toMatchObject({ code: 'NOT_FOUND' });
    const history = await chatHistory(server, bob, group, { limit: 1000 });
    expect(history.items.some((item) => item.id === message.id)).toBe(true);
  });
});

describe('reacting to a message', () => {
  const react = (user: TestUser, messageId: string, emoji: string | null) =>
    gqlData<{ reactToChatMessage: ChatMessageView }>(
      server.url,
      REACT_TO_CHAT_MESSAGE,
      { conversationId: group, messageId, emoji },
      { token: user.token },
    ).then((data) => data.reactToChatMessage.reactions);

  it('asks a signed-out visitor to sign in', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(
      await gqlError(server.url, REACT_TO_CHAT_MESSAGE, {
        conversationId: group,
        messageId: message.id,
        emoji: '👍',
      }),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('keeps one emoji per person: a new one replaces mine, the same again or none removes it', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(await react(alice, message.id, '👍')).toEqual([
      { emoji: '👍', count: 1, reactedByMe: true },
    ]);
    expect(await react(carol, message.id, '👍')).toEqual([
      { emoji: '👍', count: 2, reactedByMe: true },
    ]);
    expect(await react(alice, message.id, '❤️')).toEqual([
      { emoji: '👍', count: 1, reactedByMe: false },
      { emoji: '❤️', count: 1, reactedByMe: true },
    ]);
    expect(await react(alice, message.id, '❤️')).toEqual([
      { emoji: '👍', count: 1, reactedByMe: false },
    ]);
    expect(await react(carol, message.id, null)).toEqual([]);
    await expect
      .poll(() => eventsFor(message.id).filter((event) => event.change === 'reaction').length)
      .toBe(5);
  });

  it('counts many people reacting at once exactly', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    await Promise.all([alice, bob, carol].map((user) => react(user, message.id, '🎉')));
    const history = await chatHistory(server, bob, group, { limit: 1000 });
    expect(history.items.find((item) => item.id === message.id)?.reactions).toEqual([
      { emoji: '🎉', count: 3, reactedByMe: true },
    ]);
  });

  it('accepts one emoji with its skin tone or joiners, and refuses anything else with "Pick one emoji"', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    for (const emoji of ['👍🏽', '👩‍💻', '🇮🇳'])
      expect((await react(alice, message.id, emoji))[0]?.emoji).toBe(emoji);
    for (const emoji of ['ok', '👍👍', '<b>', ' '])
      expect(
        await gqlError(
          server.url,
          REACT_TO_CHAT_MESSAGE,
          { conversationId: group, messageId: message.id, emoji },
          { token: alice.token },
        ),
      ).toMatchObject({ code: 'BAD_USER_INPUT', message: CHAT_MESSAGES.emojiInvalid });
  });

  it('answers a non-member NOT_FOUND', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect(
      await gqlError(
        server.url,
        REACT_TO_CHAT_MESSAGE,
        { conversationId: group, messageId: message.id, emoji: '👍' },
        { token: outsider.token },
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: CHAT_MESSAGES.notMember });
  });
});

describe('history', () => {
  let conversation: string;
  let sent: ChatMessageView[];
  beforeAll(async () => {
    conversation = (await openDirectChat(server, carol, outsider)).id;
    sent = await sendMessages(server, carol, conversation, 7);
  });
  const ids = (messages: ChatMessageView[]) => messages.map((message) => message.id);

  it('asks a signed-out visitor to sign in, and answers a non-member NOT_FOUND', async () => {
    expect(
      await gqlError(server.url, CHAT_HISTORY, { conversationId: conversation }),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(
      await gqlError(
        server.url,
        CHAT_HISTORY,
        { conversationId: conversation },
        {
          token: alice.token,
        },
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: CHAT_MESSAGES.notMember });
  });

  it('pages from the newest, oldest first, then older before the first', async () => {
    const newest = await chatHistory(server, outsider, conversation, { limit: 3 });
    expect(newest).toEqual({ items: sent.slice(4), hasMore: true });
    const older = await chatHistory(server, outsider, conversation, {
      limit: 3,
      before: newest.items[0]!.id,
    });
    expect(ids(older.items)).toEqual(ids(sent.slice(1, 4)));
    expect(older.hasMore).toBe(true);
    const oldest = await chatHistory(server, outsider, conversation, {
      limit: 3,
      before: older.items[0]!.id,
    });
    expect(oldest).toEqual({ items: [sent[0]], hasMore: false });
  });

  it('catches up with everything after the last message a client has', async () => {
    const caughtUp = await chatHistory(server, outsider, conversation, { after: sent[2]!.id });
    expect(ids(caughtUp.items)).toEqual(ids(sent.slice(3)));
    expect(
      (await chatHistory(server, outsider, conversation, { after: sent.at(-1)!.id })).items,
    ).toEqual([]);
  });

  it('gives the newest page for an `after` it does not know', async () => {
    const page = await chatHistory(server, outsider, conversation, {
      after: randomUUID(),
      limit: 2,
    });
    expect(ids(page.items)).toEqual(ids(sent.slice(5)));
  });

  it('never reads another conversation’s message as a bookmark', async () => {
    const elsewhere = await sendMessage(server, bob, { conversationId: group });
    const page = await chatHistory(server, outsider, conversation, { before: elsewhere.id });
    expect(page).toEqual({ items: [], hasMore: false });
  });

  it('refuses a page size out of bounds, and before with after', async () => {
    for (const variables of [
      { limit: 0 },
      { limit: 1001 },
      { before: sent[1]!.id, after: sent[0]!.id },
    ])
      expect(
        await gqlError(
          server.url,
          CHAT_HISTORY,
          { conversationId: conversation, ...variables },
          { token: outsider.token },
        ),
      ).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
