import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@rules';
import { rest } from '../helpers/clients';
import {
  chatHistory,
  createChannel,
  openDirectChat,
  sendMessage,
  sendMessages,
  signUpVerified,
  unreadIn,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
/** Alice's group with Bob; Outsider is in no conversation of theirs. */
let group: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  group = (await createChannel(server, alice, { type: 'group', members: [bob] })).id;
});
afterAll(async () => {
  await server?.stop();
});

/** The spec's message shape (000 §3 "Chat message"). */
const messageShape = (author: TestUser, text: string) => ({
  id: expect.any(String),
  conversationId: expect.any(String),
  text,
  files: [],
  author: {
    id: author.id,
    name: author.displayName,
    displayName: author.displayName,
    photoURL: '',
    role: 'person',
  },
  type: null,
  selectedMessage: null,
  reactions: [],
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
  editedAt: null,
  when: expect.any(String),
});

type MessageBody = { data: { id: string; type: string | null; text: string } };

describe('GET /chat/messages/{conversationId}', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect((await rest(server.url, 'GET', `/api/chat/messages/${group}`)).status).toBe(401);
  });

  it('answers a member { success, messages } oldest first in the spec’s shape', async () => {
    const sent = await sendMessages(server, bob, group, 2);
    const response = await rest<{ messages: unknown[]; hasMore: boolean }>(
      server.url,
      'GET',
      `/api/chat/messages/${group}`,
      undefined,
      alice.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, hasMore: false });
    expect(response.body.messages.slice(-2)).toEqual([
      { ...messageShape(bob, '<p>#1</p>'), id: sent[0]!.id, conversationId: group },
      { ...messageShape(bob, '<p>#2</p>'), id: sent[1]!.id, conversationId: group },
    ]);
  });

  it('answers a non-member 404', async () => {
    const response = await rest(
      server.url,
      'GET',
      `/api/chat/messages/${group}`,
      undefined,
      outsider.token,
    );
    expect(response.status).toBe(404);
    expect(response.body.error?.message).toBe(CHAT_MESSAGES.notMember);
  });
});

describe('POST /chat/conversations/{id}/messages', () => {
  const post = (user: TestUser | undefined, id: string, body: unknown) =>
    rest<MessageBody & { conversationId: string }>(
      server.url,
      'POST',
      `/api/chat/conversations/${id}/messages`,
      body,
      user?.token,
    );

  it('asks a signed-out visitor to sign in', async () => {
    expect((await post(undefined, group, { data: { text: '<p>Hi</p>' } })).status).toBe(401);
  });

  it('posts a member’s message and answers { success, data, conversationId }', async () => {
    const response = await post(bob, group, { data: { text: '<p>Hi</p><p></p>' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: { ...messageShape(bob, '<p>Hi</p>'), conversationId: group },
      conversationId: group,
    });
  });

  it('keeps the client’s id, so a retried post is stored once', async () => {
    const id = randomUUID();
    const first = await post(bob, group, { data: { id, text: '<p>Once</p>' } });
    const again = await post(bob, group, { data: { id, text: '<p>Once</p>' } });
    expect(again.body.data).toEqual(first.body.data);
    const history = await chatHistory(server, bob, group, { limit: 1000 });
    expect(history.items.filter((message) => message.id === id)).toHaveLength(1);
  });

  it('replies to the selected message', async () => {
    const original = await sendMessage(
      server,
      alice,
      { conversationId: group },
      { text: '<p>Q?</p>' },
    );
    const response = await post(bob, group, {
      data: { text: '<p>A</p>', type: 'reply', selectedMessage: { id: original.id, text: 'Q?' } },
    });
    expect(response.body.data).toMatchObject({
      type: 'reply',
      selectedMessage: { id: original.id, text: 'Q?', author: { displayName: 'Alice' } },
    });
  });

  it('opens a direct chat with chatInfo.receiverId for its first message', async () => {
    const dana = await signUpVerified(server, { displayName: 'Dana' });
    const response = await post(dana, 'new', {
      data: { text: '<p>Hello Alice</p>' },
      chatInfo: { receiverId: alice.id, state: 'online', type: 'p2p' },
    });
    expect(response.status).toBe(200);
    const conversationId = response.body.conversationId;
    expect(conversationId).not.toBe('new');
    expect((await chatHistory(server, alice, conversationId)).items[0]?.text).toBe(
      '<p>Hello Alice</p>',
    );
  });

  it('answers a non-member 404 and an empty message 422', async () => {
    expect((await post(outsider, group, { data: { text: '<p>Hi</p>' } })).status).toBe(404);
    const empty = await post(bob, group, { data: { text: '<p></p>' } });
    expect(empty.status).toBe(422);
    expect(empty.body.error?.message).toBe(CHAT_MESSAGES.messageEmpty);
  });
});

describe('PATCH /chat/conversations/{conversationId}/messages/{messageId}', () => {
  const patch = (user: TestUser | undefined, messageId: string) =>
    rest<MessageBody>(
      server.url,
      'PATCH',
      `/api/chat/conversations/${group}/messages/${messageId}`,
      { data: { text: '<p>Changed</p>' } },
      user?.token,
    );

  it('asks a signed-out visitor to sign in', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect((await patch(undefined, message.id)).status).toBe(401);
  });

  it('lets the author edit and answers { success, data }', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    const response = await patch(bob, message.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      data: { id: message.id, text: '<p>Changed</p>', editedAt: expect.any(String) },
    });
  });

  it('answers a member editing someone else’s message 403, and a non-member 404', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    const other = await patch(alice, message.id);
    expect(other.status).toBe(403);
    expect(other.body.error?.message).toBe(CHAT_MESSAGES.notAuthor);
    expect((await patch(outsider, message.id)).status).toBe(404);
  });
});

describe('DELETE /chat/conversations/{conversationId}/messages/{messageId}', () => {
  const remove = (user: TestUser | undefined, messageId: string) =>
    rest(
      server.url,
      'DELETE',
      `/api/chat/conversations/${group}/messages/${messageId}`,
      undefined,
      user?.token,
    );

  it('asks a signed-out visitor to sign in', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect((await remove(undefined, message.id)).status).toBe(401);
  });

  it('answers someone else 403, a non-member 404, and the author { success }', async () => {
    const message = await sendMessage(server, bob, { conversationId: group });
    expect((await remove(alice, message.id)).status).toBe(403);
    expect((await remove(outsider, message.id)).status).toBe(404);
    const response = await remove(bob, message.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await remove(bob, message.id)).status).toBe(404);
  });

  describe('the direct-chat form: {userId} is the other person', () => {
    const removeWith = (user: TestUser, other: string, messageId: string) =>
      rest(
        server.url,
        'DELETE',
        `/api/chat/conversations/${other}/messages/${messageId}`,
        undefined,
        user.token,
      );

    it('deletes the author’s message of their direct chat with that person: { success }', async () => {
      const direct = await openDirectChat(server, alice, bob);
      const message = await sendMessage(server, alice, { conversationId: direct.id });
      const response = await removeWith(alice, bob.id, message.id);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      expect((await chatHistory(server, bob, direct.id)).items.map((m) => m.id)).not.toContain(
        message.id,
      );
      expect((await removeWith(alice, bob.id, message.id)).status).toBe(404);
    });

    it('answers the other person 403, and 404 for a person without a direct chat or another chat’s message', async () => {
      const direct = await openDirectChat(server, alice, bob);
      const message = await sendMessage(server, alice, { conversationId: direct.id });
      const notAuthor = await removeWith(bob, alice.id, message.id);
      expect(notAuthor.status).toBe(403);
      expect(notAuthor.body.error?.message).toBe(CHAT_MESSAGES.notAuthor);
      // Outsider has no direct chat with Alice: the message is not theirs to find.
      expect((await removeWith(outsider, alice.id, message.id)).status).toBe(404);
      const inGroup = await sendMessage(server, alice, { conversationId: group });
      expect((await removeWith(alice, bob.id, inGroup.id)).status).toBe(404);
      expect((await removeWith(alice, alice.id, message.id)).status).toBe(404);
    });
  });
});

describe('POST /chat/active/conversations', () => {
  const activate = (user: TestUser | undefined, conversationId: string) =>
    rest(server.url, 'POST', '/api/chat/active/conversations', { conversationId }, user?.token);

  it('asks a signed-out visitor to sign in', async () => {
    expect((await activate(undefined, group)).status).toBe(401);
  });

  it('keeps the open conversation read while it is open; an empty id clears it', async () => {
    const response = await activate(alice, group);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    await sendMessages(server, bob, group, 2);
    expect(await unreadIn(server, alice, group)).toBe(0);
    expect((await activate(alice, '')).body).toEqual({ success: true });
    await sendMessages(server, bob, group, 2);
    expect(await unreadIn(server, alice, group)).toBe(2);
  });

  it('answers a non-member 404', async () => {
    expect((await activate(outsider, group)).status).toBe(404);
  });
});

describe('POST /chat/notifications/{id}/clear', () => {
  const clear = (user: TestUser | undefined, conversationId: string) =>
    rest(
      server.url,
      'POST',
      `/api/chat/notifications/${conversationId}/clear`,
      undefined,
      user?.token,
    );

  it('asks a signed-out visitor to sign in', async () => {
    expect((await clear(undefined, group)).status).toBe(401);
  });

  it('clears the conversation’s unread count and answers { success }', async () => {
    await sendMessages(server, bob, group, 3);
    expect(await unreadIn(server, alice, group)).toBeGreaterThan(0);
    const response = await clear(alice, group);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(await unreadIn(server, alice, group)).toBe(0);
  });

  it('answers a non-member 404', async () => {
    expect((await clear(outsider, group)).status).toBe(404);
  });
});
