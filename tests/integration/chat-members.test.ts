import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, spaceChatIdOf } from '@rules';
import type { Topics } from '../../server/src/graphql/pubsub';
import { gqlError } from '../helpers/clients';
import {
  ADD_CHAT_MEMBERS,
  CHAT_CONVERSATION,
  CHAT_MEMBERS,
  DELETE_CONVERSATION,
  LEAVE_CONVERSATION,
  PICKABLE_USERS,
  addChatMembers,
  chatMembersOf,
  createChannel,
  createPrivateSpace,
  deleteConversation,
  leaveConversation,
  openDirectChat,
  pickableUsers,
  signUpVerified,
  spaceChatOf,
  type TestUser,
} from '../helpers/factories';
import { refusedAsMissing } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The people of a conversation (000 §6 group options, §5 pickers): members lists, adding people,
 * leaving, deleting, and the pickers' exclusions.
 */
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let invited: TestUser;
let outsider: TestUser;
let space: string;

type MembersEvent = Topics['chatMembers'][0];

/** Nobody here holds a websocket open. */
const offline = { state: 'offline' };

/**
 * Runs `action` and expects the `chatMembers` topic to carry `expected` for it. An event of an
 * earlier action (the group's creation) may arrive first over LISTEN/NOTIFY, so this waits for
 * the expected one rather than for any.
 */
async function expectMembersEventDuring(action: () => Promise<unknown>, expected: MembersEvent) {
  const events: MembersEvent[] = [];
  const iterator = server.deps.pubsub.subscribe('chatMembers')[Symbol.asyncIterator]();
  const reading = (async () => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      events.push(next.value);
    }
  })();
  await action();
  await expect.poll(() => events).toContainEqual(expected);
  await iterator.return?.();
  await reading;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, invited, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Olga' }),
    signUpVerified(server, { displayName: 'Mika' }),
    signUpVerified(server, { displayName: 'Ines' }),
    signUpVerified(server, { displayName: 'Otto' }),
  ]);
  space = (
    await createPrivateSpace(server, owner, {
      name: 'Pump house',
      members: [
        { user: member, status: 'contributor' },
        { user: invited, status: 'invited' },
      ],
    })
  ).id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('members lists', () => {
  it('refuses a signed-out visitor', async () => {
    const channel = await createChannel(server, owner, { spaceId: space, name: 'Signed out' });
    expect((await gqlError(server.url, CHAT_MEMBERS, { conversationId: channel.id })).code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it("lists a group's members by name, marking its author", async () => {
    const channel = await createChannel(server, member, {
      spaceId: space,
      type: 'private',
      name: 'Valves',
      members: [owner],
    });
    expect(await chatMembersOf(server, owner, channel.id)).toEqual([
      { id: member.id, displayName: 'Mika', photoURL: '', isAuthor: true, presence: offline },
      { id: owner.id, displayName: 'Olga', photoURL: '', isAuthor: false, presence: offline },
    ]);
  });

  it("lists a private space chat's active participants, and a public one's openers", async () => {
    const people = await chatMembersOf(server, member, spaceChatIdOf(space));
    expect(people.map((person) => person.displayName)).toEqual(['Mika', 'Olga']);

    await spaceChatOf(server, outsider, 'ww');
    const opened = await chatMembersOf(server, outsider, spaceChatIdOf('ww'));
    expect(opened.map((person) => person.id)).toContain(outsider.id);
    expect(opened.map((person) => person.id)).not.toContain(invited.id);
  });

  it('is NOT_FOUND to non-members', async () => {
    const channel = await createChannel(server, owner, {
      spaceId: space,
      type: 'private',
      name: 'Secret',
    });
    await refusedAsMissing(() => ({ server, token: member.token })).graphql(CHAT_MEMBERS, {
      conversationId: channel.id,
    });
    await refusedAsMissing(() => ({ server, token: invited.token })).graphql(CHAT_MEMBERS, {
      conversationId: spaceChatIdOf(space),
    });
  });
});

describe('adding members', () => {
  it('refuses a signed-out visitor', async () => {
    const channel = await createChannel(server, owner, { spaceId: space, name: 'Add signed out' });
    const error = await gqlError(server.url, ADD_CHAT_MEMBERS, {
      conversationId: channel.id,
      userIds: [member.id],
    });
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('lets a member add people who read the space, and tells live subscriptions', async () => {
    const channel = await createChannel(server, owner, {
      spaceId: space,
      type: 'private',
      name: 'Growing',
    });
    await expectMembersEventDuring(() => addChatMembers(server, owner, channel.id, [member]), {
      conversationId: channel.id,
      userIds: [member.id],
    });
    const again = await addChatMembers(server, member, channel.id, [owner, member]);
    expect(again.totalMembers).toBe(2);
  });

  it('refuses people who cannot read the space (invited, outsiders)', async () => {
    const channel = await createChannel(server, owner, { spaceId: space, name: 'Guarded' });
    for (const person of [invited, outsider]) {
      const error = await gqlError(
        server.url,
        ADD_CHAT_MEMBERS,
        { conversationId: channel.id, userIds: [person.id] },
        { token: owner.token },
      );
      expect(error).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: CHAT_MESSAGES.userNotFound,
      });
    }
  });

  it('refuses adding people to direct chats and space chats', async () => {
    const direct = await openDirectChat(server, owner, member);
    for (const conversationId of [direct.id, spaceChatIdOf(space)]) {
      const error = await gqlError(
        server.url,
        ADD_CHAT_MEMBERS,
        { conversationId, userIds: [outsider.id] },
        { token: owner.token },
      );
      expect(error).toMatchObject({ code: 'FORBIDDEN', message: CHAT_MESSAGES.cannotAddMembers });
    }
  });

  it('is NOT_FOUND to non-members', async () => {
    const channel = await createChannel(server, owner, {
      spaceId: space,
      type: 'private',
      name: 'Closed',
    });
    await refusedAsMissing(() => ({ server, token: member.token })).graphql(ADD_CHAT_MEMBERS, {
      conversationId: channel.id,
      userIds: [member.id],
    });
  });
});

describe('leaving', () => {
  const leave = (user: TestUser, conversationId: string) =>
    gqlError(server.url, LEAVE_CONVERSATION, { conversationId }, { token: user.token });

  it('refuses a signed-out visitor', async () => {
    const channel = await createChannel(server, owner, { spaceId: space, name: 'Leave out' });
    expect(
      (await gqlError(server.url, LEAVE_CONVERSATION, { conversationId: channel.id })).code,
    ).toBe('UNAUTHENTICATED');
  });

  it('lets a member leave a group, which then is gone for them', async () => {
    const channel = await createChannel(server, owner, {
      spaceId: space,
      type: 'private',
      name: 'Short stay',
      members: [member],
    });
    await expectMembersEventDuring(() => leaveConversation(server, member, channel.id), {
      conversationId: channel.id,
      userIds: [member.id],
    });
    await refusedAsMissing(() => ({ server, token: member.token })).graphql(CHAT_CONVERSATION, {
      id: channel.id,
    });
    expect((await chatMembersOf(server, owner, channel.id)).map((person) => person.id)).toEqual([
      owner.id,
    ]);
  });

  it("refuses leaving a space chat, a direct chat, or one's own group", async () => {
    const direct = await openDirectChat(server, owner, outsider);
    const own = await createChannel(server, owner, { spaceId: space, name: 'Mine' });
    for (const conversationId of [spaceChatIdOf(space), direct.id, own.id]) {
      expect(await leave(owner, conversationId)).toMatchObject({
        code: 'FORBIDDEN',
        message: CHAT_MESSAGES.cannotLeave,
      });
    }
  });

  it('is NOT_FOUND to non-members', async () => {
    const channel = await createChannel(server, owner, { spaceId: space, name: 'Not yours' });
    expect((await leave(outsider, channel.id)).code).toBe('NOT_FOUND');
  });
});

describe('deleting', () => {
  const remove = (user: TestUser, conversationId: string) =>
    gqlError(server.url, DELETE_CONVERSATION, { conversationId }, { token: user.token });

  it('refuses a signed-out visitor', async () => {
    const channel = await createChannel(server, owner, { spaceId: space, name: 'Delete out' });
    expect(
      (await gqlError(server.url, DELETE_CONVERSATION, { conversationId: channel.id })).code,
    ).toBe('UNAUTHENTICATED');
  });

  it('lets only the author delete a group, for everyone', async () => {
    const channel = await createChannel(server, owner, {
      spaceId: space,
      name: 'Doomed',
      members: [member],
    });
    expect(await remove(member, channel.id)).toMatchObject({
      code: 'FORBIDDEN',
      message: CHAT_MESSAGES.notGroupAuthor,
    });
    await expectMembersEventDuring(() => deleteConversation(server, owner, channel.id), {
      conversationId: channel.id,
      userIds: expect.arrayContaining([owner.id, member.id]) as string[],
      deleted: true,
    });
    for (const user of [owner, member])
      await refusedAsMissing(() => ({ server, token: user.token })).graphql(CHAT_CONVERSATION, {
        id: channel.id,
      });
  });

  it('lets either person delete a direct chat, for both', async () => {
    const direct = await openDirectChat(server, member, outsider);
    await deleteConversation(server, outsider, direct.id);
    await refusedAsMissing(() => ({ server, token: member.token })).graphql(CHAT_CONVERSATION, {
      id: direct.id,
    });
    expect((await openDirectChat(server, member, outsider)).id).not.toBe(direct.id);
  });

  it('never deletes a space chat', async () => {
    expect((await remove(owner, spaceChatIdOf(space))).code).toBe('FORBIDDEN');
  });

  it('is NOT_FOUND to non-members', async () => {
    const channel = await createChannel(server, owner, { spaceId: space, name: 'Out of reach' });
    expect((await remove(outsider, channel.id)).code).toBe('NOT_FOUND');
  });
});

describe('pickers', () => {
  it('refuses a signed-out visitor', async () => {
    expect((await gqlError(server.url, PICKABLE_USERS, { spaceId: 'ww' })).code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it("offers a private space's active participants who are not in the group yet", async () => {
    const channel = await createChannel(server, owner, { spaceId: space, name: 'Pick me' });
    const offered = await pickableUsers(server, owner, {
      spaceId: space,
      conversationId: channel.id,
    });
    expect(offered.map((person) => person.id)).toEqual([member.id]);
  });

  it('offers, for a new direct chat, everyone but me and the people I already chat with', async () => {
    const [quinn, rae, sol] = await Promise.all([
      signUpVerified(server, { displayName: 'Picker Quinn' }),
      signUpVerified(server, { displayName: 'Picker Rae' }),
      signUpVerified(server, { displayName: 'Picker Sol' }),
    ]);
    await openDirectChat(server, rae, quinn);
    const offered = await pickableUsers(server, quinn, { search: 'picker' });
    expect(offered.map((person) => person.displayName)).toEqual(['Picker Sol']);
    expect((await pickableUsers(server, sol, { search: 'picker' })).map((p) => p.id)).toEqual([
      quinn.id,
      rae.id,
    ]);
  });

  it('searches trimmed and lower-cased, at most 10 results; empty lists everyone by name', async () => {
    const crowd = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        signUpVerified(server, { displayName: `Zed ${String(index).padStart(2, '0')}` }),
      ),
    );
    const found = await pickableUsers(server, owner, { search: '  ZED ' });
    expect(found).toHaveLength(10);
    expect(found[0]?.displayName).toBe('Zed 00');
    const everyone = await pickableUsers(server, owner, { search: '' });
    expect(everyone.length).toBeGreaterThan(10);
    expect(everyone.map((person) => person.id)).toEqual(
      expect.arrayContaining(crowd.map((c) => c.id)),
    );
    const names = everyone.map((person) => person.displayName);
    const lower = names.map((name) => name.toLowerCase());
    expect(lower).toEqual([...lower].sort());
  });

  it('is NOT_FOUND for a private space one is not in, or a conversation one is not in', async () => {
    const refused = refusedAsMissing(() => ({ server, token: outsider.token }));
    await refused.graphql(PICKABLE_USERS, { spaceId: space });
    const channel = await createChannel(server, owner, {
      spaceId: space,
      type: 'private',
      name: 'Unseen',
    });
    await refusedAsMissing(() => ({ server, token: member.token })).graphql(PICKABLE_USERS, {
      spaceId: space,
      conversationId: channel.id,
    });
  });
});
