import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, spaceChatIdOf } from '@rules';
import { rest } from '../helpers/clients';
import {
  CHAT_CONVERSATION,
  chatMembersOf,
  createChannel,
  createPrivateSpace,
  openDirectChat,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { refusedAsMissing } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The spec's conversation rows (001 §7) over REST: each answers in its documented shape, refuses
 * the signed-out with 401 and non-members with 404, and calls the same services as GraphQL.
 */
let server: TestServer;
let ana: TestUser;
let ben: TestUser;
let outsider: TestUser;
let space: string;

const conversationShape = {
  id: expect.any(String) as string,
  conversationId: expect.any(String) as string,
  name: expect.any(String) as string,
  type: expect.any(String) as string,
  totalNewMessages: expect.any(Number) as number,
  createdAt: expect.any(String) as string,
  when: expect.any(String) as string,
};

beforeAll(async () => {
  server = await startTestServer();
  [ana, ben, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Ana' }),
    signUpVerified(server, { displayName: 'Ben' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  space = (
    await createPrivateSpace(server, ana, { members: [{ user: ben, status: 'contributor' }] })
  ).id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /chat/groups', () => {
  it('refuses a signed-out visitor with 401', async () => {
    expect((await rest(server.url, 'GET', '/api/chat/groups')).status).toBe(401);
  });

  it('answers { success, groups } with the groups and channels of the active space', async () => {
    const channel = await createChannel(server, ana, {
      spaceId: space,
      name: 'Pumps',
      description: 'Fixing them',
      members: [ben],
    });
    await openDirectChat(server, ana, ben);
    const response = await rest<{ groups: unknown[] }>(
      server.url,
      'GET',
      `/api/chat/groups?spaceId=${space}`,
      undefined,
      ben.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      groups: [
        {
          ...conversationShape,
          id: channel.id,
          conversationId: channel.id,
          name: 'Pumps',
          description: 'Fixing them',
          type: 'public',
          spaceId: space,
          itemType: null,
          itemId: null,
          problemId: null,
          receiverId: null,
          receivingAuthor: null,
          totalNewMessages: 0,
          imageURL: null,
          author: { id: ana.id, displayName: 'Ana', photoURL: '', role: 'person' },
        },
      ],
    });
  });

  it('uses the global space by default', async () => {
    const global = await createChannel(server, outsider, { name: 'Worldwide' });
    const response = await rest<{ groups: { id: string }[] }>(
      server.url,
      'GET',
      '/api/chat/groups',
      undefined,
      outsider.token,
    );
    expect(response.body.groups.map((group) => group.id)).toEqual([global.id]);
  });
});

describe('GET /chat/conversations', () => {
  it('refuses a signed-out visitor with 401', async () => {
    expect((await rest(server.url, 'GET', '/api/chat/conversations')).status).toBe(401);
  });

  it("answers { success, items, conversations } with the viewer's direct chats", async () => {
    const direct = await openDirectChat(server, outsider, ben);
    const response = await rest<{ items: unknown[]; conversations: unknown[] }>(
      server.url,
      'GET',
      '/api/chat/conversations',
      undefined,
      outsider.token,
    );
    expect(response.status).toBe(200);
    const expected = {
      ...conversationShape,
      id: direct.id,
      name: 'Ben',
      type: 'p2p',
      spaceId: null,
      receiverId: ben.id,
      receivingAuthor: { id: ben.id, displayName: 'Ben', photoURL: '', isAuthor: false },
    };
    expect(response.body.success).toBe(true);
    expect(response.body.items).toEqual([expect.objectContaining(expected)]);
    expect(response.body.conversations).toEqual(response.body.items);
  });
});

describe('POST /chat/group', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const response = await rest(server.url, 'POST', '/api/chat/group', {
      data: { name: 'Nope', type: 'public' },
    });
    expect(response.status).toBe(401);
  });

  it('creates a channel in the active space and answers { success, data: { id } }', async () => {
    const response = await rest<{ data: { id: string } }>(
      server.url,
      'POST',
      `/api/chat/group?spaceId=${space}`,
      { data: { name: 'Night watch', description: 'Shifts', type: 'private' } },
      ben.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { id: expect.any(String) as string } });
    const members = await chatMembersOf(server, ben, response.body.data.id);
    expect(members).toEqual([expect.objectContaining({ id: ben.id, isAuthor: true })]);
  });

  it('opens the direct chat of receivingAuthor (the existing one if any)', async () => {
    const existing = await openDirectChat(server, ana, outsider);
    const response = await rest<{ data: { id: string } }>(
      server.url,
      'POST',
      '/api/chat/group',
      { data: { type: 'p2p', receivingAuthor: { id: outsider.id } } },
      ana.token,
    );
    expect(response.body).toEqual({ success: true, data: { id: existing.id } });
  });

  it("answers 422 with the spec's messages for a bad name", async () => {
    const response = await rest(
      server.url,
      'POST',
      '/api/chat/group',
      { data: { name: 'ab', type: 'public' } },
      ana.token,
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ message: CHAT_MESSAGES.nameTooShort });
  });

  it('asks for a visibility when a channel has none', async () => {
    const response = await rest(
      server.url,
      'POST',
      '/api/chat/group',
      { data: { name: 'Undecided' } },
      ana.token,
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ message: CHAT_MESSAGES.visibilityRequired });
  });

  it('answers 404 for a private space the creator is not in', async () => {
    const response = await rest(
      server.url,
      'POST',
      `/api/chat/group?spaceId=${space}`,
      { data: { name: 'Intruders', type: 'public' } },
      outsider.token,
    );
    expect(response.status).toBe(404);
  });
});

describe('POST /chat/group/{id}/addMembers', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const channel = await createChannel(server, ana, { spaceId: space, name: 'Add rest' });
    const response = await rest(server.url, 'POST', `/api/chat/group/${channel.id}/addMembers`, {
      data: { ids: [ben.id], groupType: 'public' },
    });
    expect(response.status).toBe(401);
  });

  it('adds the people and answers { success }', async () => {
    const channel = await createChannel(server, ana, { spaceId: space, name: 'Add rest ok' });
    const response = await rest(
      server.url,
      'POST',
      `/api/chat/group/${channel.id}/addMembers`,
      { data: { ids: [ben.id], groupType: 'public' } },
      ana.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await chatMembersOf(server, ana, channel.id)).map((person) => person.id)).toContain(
      ben.id,
    );
  });

  it('answers 404 to a non-member', async () => {
    const channel = await createChannel(server, ana, {
      spaceId: space,
      type: 'private',
      name: 'Add rest closed',
    });
    await refusedAsMissing(() => ({ server, token: ben.token })).rest(
      'POST',
      `/api/chat/group/${channel.id}/addMembers`,
      { data: { ids: [ben.id] } },
    );
  });
});

describe('DELETE /chat/conversations/{groupId}', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const channel = await createChannel(server, ana, { spaceId: space, name: 'Delete rest' });
    expect((await rest(server.url, 'DELETE', `/api/chat/conversations/${channel.id}`)).status).toBe(
      401,
    );
  });

  it("answers 403 to a member who is not the group's author, then { success } to its author", async () => {
    const channel = await createChannel(server, ana, {
      spaceId: space,
      name: 'Delete rest ok',
      members: [ben],
    });
    const refused = await rest(
      server.url,
      'DELETE',
      `/api/chat/conversations/${channel.id}`,
      undefined,
      ben.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ message: CHAT_MESSAGES.notGroupAuthor });
    const response = await rest(
      server.url,
      'DELETE',
      `/api/chat/conversations/${channel.id}`,
      undefined,
      ana.token,
    );
    expect(response.body).toEqual({ success: true });
    await refusedAsMissing(() => ({ server, token: ana.token })).graphql(CHAT_CONVERSATION, {
      id: channel.id,
    });
  });

  it('answers 404 to a non-member', async () => {
    const channel = await createChannel(server, ana, { spaceId: space, name: 'Delete rest 404' });
    await refusedAsMissing(() => ({ server, token: outsider.token })).rest(
      'DELETE',
      `/api/chat/conversations/${channel.id}`,
    );
  });
});

describe('DELETE /chat/groups/{id}/leave', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const channel = await createChannel(server, ana, { spaceId: space, name: 'Leave rest' });
    expect((await rest(server.url, 'DELETE', `/api/chat/groups/${channel.id}/leave`)).status).toBe(
      401,
    );
  });

  it('lets a member leave and answers { success }', async () => {
    const channel = await createChannel(server, ana, {
      spaceId: space,
      name: 'Leave rest ok',
      members: [ben],
    });
    const response = await rest(
      server.url,
      'DELETE',
      `/api/chat/groups/${channel.id}/leave`,
      undefined,
      ben.token,
    );
    expect(response.body).toEqual({ success: true });
    const again = await rest(
      server.url,
      'DELETE',
      `/api/chat/groups/${channel.id}/leave`,
      undefined,
      ben.token,
    );
    expect(again.status).toBe(404);
  });

  it('answers 403 for the space chat', async () => {
    const response = await rest(
      server.url,
      'DELETE',
      `/api/chat/groups/${spaceChatIdOf(space)}/leave`,
      undefined,
      ben.token,
    );
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ message: CHAT_MESSAGES.cannotLeave });
  });
});

describe('GET /list/v2?path=chatgroups/{id}/participants', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const channel = await createChannel(server, ana, { spaceId: space, name: 'People rest' });
    const response = await rest(
      server.url,
      'GET',
      `/api/list/v2?path=chatgroups/${channel.id}/participants`,
    );
    expect(response.status).toBe(401);
  });

  it('answers { success, items } with the members', async () => {
    const channel = await createChannel(server, ana, {
      spaceId: space,
      name: 'People rest ok',
      members: [ben],
    });
    const response = await rest<{ items: unknown[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=chatgroups/${channel.id}/participants`,
      undefined,
      ben.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      items: [
        { id: ana.id, displayName: 'Ana', photoURL: '', isAuthor: true },
        { id: ben.id, displayName: 'Ben', photoURL: '', isAuthor: false },
      ],
      last: null,
      lastScannedWhen: null,
    });
  });

  it('answers 404 to a non-member', async () => {
    const response = await rest(
      server.url,
      'GET',
      `/api/list/v2?path=chatgroups/${spaceChatIdOf(space)}/participants`,
      undefined,
      outsider.token,
    );
    expect(response.status).toBe(404);
  });
});
