import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, RATE_LIMITS } from '@rules';
import { limitedWriteFor } from '../../server/src/auth/rate-limit';
import { gql, gqlData, rest, type GqlResult } from '../helpers/clients';
import {
  CHAT_CONVERSATIONS,
  CONVERSATION_UNREAD,
  CREATE_CONVERSATION,
  CREATE_REPORT,
  EDIT_CHAT_MESSAGE,
  REACT,
  REACT_TO_CHAT_MESSAGE,
  REPORT_QUEUE,
  SEND_CHAT_MESSAGE,
  UNREACT,
  UPVOTE,
  RESET_VOTE,
  addComment,
  createChannel,
  createPrivateSpace,
  giveSiteRole,
  markRead,
  mentionOf,
  notificationsOfKind,
  openDirectChat,
  postProblem,
  postSolution,
  postStory,
  sendMessage,
  signUpVerified,
  type ConversationView,
  type TestUser,
} from '../helpers/factories';
import { expectRateLimited } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Floods one account could send in seconds, each aimed at other people's attention: chat
 * messages into a group, groups with the same victim, direct chats with strangers, reports,
 * @mentions, and the writes that notify again when repeated. Each is cut off at its limit
 * (RATE_LIMITED over GraphQL, 429 with Retry-After over REST, in the spec's words), stores
 * nothing past it, and the victim's unread count and notifications stop growing.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The spec's "too many" message for a wait of up to `windowSeconds` (a minute or more gone). */
function expectTooMany(message: string | undefined, windowSeconds: number) {
  if (windowSeconds <= 60) {
    expect(message).toBe(MESSAGES.tooManyRequestsMinute);
    return;
  }
  const minutes = Number(/in (\d+) minutes/u.exec(message ?? '')?.[1]);
  expect(message).toBe(MESSAGES.tooManyRequests.replace('{{minutes}}', String(minutes)));
  expect(minutes).toBeLessThanOrEqual(windowSeconds / 60);
  expect(minutes).toBeGreaterThan(windowSeconds / 60 - 3);
}

/** A GraphQL answer refused by a limit with that window. */
function expectRefused(result: GqlResult<unknown>, windowSeconds: number) {
  const error = result.errors?.[0];
  expect(error?.extensions?.code, JSON.stringify(result.errors)).toBe('RATE_LIMITED');
  expectTooMany(error?.message, windowSeconds);
}

/** `count` calls one after the other, each of which must succeed. */
async function accepted(count: number, call: (index: number) => Promise<GqlResult<unknown>>) {
  for (let index = 0; index < count; index += 1) {
    const result = await call(index);
    expect(result.errors, `call ${index + 1} of ${count}`).toBeUndefined();
  }
}

const unreadOf = async (user: TestUser, conversationId: string) =>
  (
    await gqlData<{ chatConversation: { totalNewMessages: number } }>(
      server.url,
      CONVERSATION_UNREAD,
      { id: conversationId },
      { token: user.token },
    )
  ).chatConversation.totalNewMessages;

const send = (user: TestUser, target: Record<string, string>) =>
  gql(
    server.url,
    SEND_CHAT_MESSAGE,
    { input: { id: randomUUID(), text: '<p>Look at me</p>', ...target } },
    { token: user.token },
  );

const conversationsOf = async (user: TestUser) =>
  (
    await gqlData<{ chatConversations: ConversationView[] }>(
      server.url,
      CHAT_CONVERSATIONS,
      { spaceId: 'ww' },
      { token: user.token },
    )
  ).chatConversations;

describe('chat', () => {
  it('stops a flood of messages into a group at the minute’s limit, and the victim’s unread count with it', async () => {
    const [flooder, victim, friend] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const group = await createChannel(server, flooder, {
      type: 'group',
      members: [victim, friend],
    });
    const target = { conversationId: group.id };
    const { max, windowSeconds } = RATE_LIMITS.chatMessage;
    await accepted(max, () => send(flooder, target));
    expect(await unreadOf(victim, group.id)).toBe(max);

    expectRefused(await send(flooder, target), windowSeconds);
    const overRest = await rest(
      server.url,
      'POST',
      `/api/chat/conversations/${group.id}/messages`,
      { data: { text: '<p>And again</p>' } },
      flooder.token,
    );
    expectRateLimited(overRest, MESSAGES.tooManyRequestsMinute, windowSeconds);
    // Editing a sent message is a chat write too.
    const [last] = (
      await gqlData<{ chatMessages: { items: { id: string }[] } }>(
        server.url,
        `query($conversationId: ID!) { chatMessages(conversationId: $conversationId, limit: 1) { items { id } } }`,
        target,
        { token: flooder.token },
      )
    ).chatMessages.items;
    const edit = await gql(
      server.url,
      EDIT_CHAT_MESSAGE,
      { ...target, messageId: last!.id, text: '<p>Edited</p>' },
      { token: flooder.token },
    );
    expectRefused(edit, windowSeconds);
    expect(await unreadOf(victim, group.id)).toBe(max);
    // The limit is the flooder's: the others in the group talk on.
    await sendMessage(server, friend, target);
    expect(await unreadOf(victim, group.id)).toBe(max + 1);
  });

  it('stops reactions to chat messages at the minute’s limit', async () => {
    const [reactor, author] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const group = await createChannel(server, author, { type: 'group', members: [reactor] });
    const message = await sendMessage(server, author, { conversationId: group.id });
    const toggle = (index: number) =>
      gql(
        server.url,
        REACT_TO_CHAT_MESSAGE,
        { conversationId: group.id, messageId: message.id, emoji: index % 2 ? '🎉' : '👍' },
        { token: reactor.token },
      );
    await accepted(RATE_LIMITS.chatReaction.max, toggle);
    expectRefused(await toggle(0), RATE_LIMITS.chatReaction.windowSeconds);
  });

  it('lets one person pull the same victim into five groups a day, and stops the sixth', async () => {
    const [flooder, victim, other] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const createGroup = (creator: TestUser, members: TestUser[]) =>
      gql(
        server.url,
        CREATE_CONVERSATION,
        {
          input: {
            type: 'group',
            spaceId: 'ww',
            name: 'Join us',
            memberIds: members.map((member) => member.id),
          },
        },
        { token: creator.token },
      );
    const perVictim = RATE_LIMITS.chatMemberAddedPerRecipient;
    await accepted(perVictim.max, () => createGroup(flooder, [victim]));
    expectRefused(await createGroup(flooder, [victim]), perVictim.windowSeconds);
    const overRest = await rest(
      server.url,
      'POST',
      '/api/chat/group',
      { data: { type: 'group', name: 'Join us', memberIds: [victim.id] } },
      flooder.token,
    );
    expect(overRest.status).toBe(429);
    expectTooMany(overRest.body.error?.message, perVictim.windowSeconds);
    // Adding them to an existing group counts the same way.
    const empty = await createChannel(server, flooder, { type: 'group' });
    const added = await gql(
      server.url,
      `mutation($conversationId: ID!, $userIds: [ID!]!) { addChatMembers(conversationId: $conversationId, userIds: $userIds) { id } }`,
      { conversationId: empty.id, userIds: [victim.id] },
      { token: flooder.token },
    );
    expectRefused(added, perVictim.windowSeconds);
    const groups = (await conversationsOf(victim)).filter((view) => view.type === 'group');
    expect(groups).toHaveLength(perVictim.max);
    // Someone else may still add them.
    await createChannel(server, other, { type: 'group', members: [victim] });

    // And groups themselves: the creator's sixth to tenth go through, the eleventh does not.
    const perHour = RATE_LIMITS.chatConversationCreate;
    await accepted(perHour.max - perVictim.max - 1, () => createGroup(flooder, []));
    expectRefused(await createGroup(flooder, []), perHour.windowSeconds);
  });

  it('counts every person added at once against the hourly number of people added', async () => {
    const actor = `flood-${randomUUID()}`;
    const limit = RATE_LIMITS.chatMembersAdded;
    const add = (count: number) =>
      limitedWriteFor(
        server.deps.db,
        'flood-test',
        [{ key: actor, limit, count }],
        async () => count,
      );
    expect(await add(limit.max - 10)).toBe(limit.max - 10);
    await expect(add(11)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await add(10)).toBe(10);
    await expect(add(1)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('stops direct messages to strangers sooner than messages in existing chats', async () => {
    const flooder = await signUpVerified(server);
    const limit = RATE_LIMITS.chatNewDirect;
    const strangers = await Promise.all(
      Array.from({ length: limit.max + 2 }, () => signUpVerified(server)),
    );
    await accepted(limit.max, (index) => send(flooder, { receiverId: strangers[index]!.id }));
    const next = strangers[limit.max]!;
    expectRefused(await send(flooder, { receiverId: next.id }), limit.windowSeconds);
    const opened = await gql(
      server.url,
      CREATE_CONVERSATION,
      { input: { type: 'p2p', receiverId: next.id } },
      { token: flooder.token },
    );
    expectRefused(opened, limit.windowSeconds);
    const overRest = await rest(
      server.url,
      'POST',
      `/api/chat/conversations/new/messages`,
      {
        data: { text: '<p>Hi stranger</p>' },
        chatInfo: { receiverId: strangers[limit.max + 1]!.id },
      },
      flooder.token,
    );
    expect(overRest.status).toBe(429);
    // Nothing reached them; the chats already open still take messages.
    expect((await conversationsOf(next)).filter((view) => view.type === 'p2p')).toEqual([]);
    await sendMessage(server, flooder, { receiverId: strangers[0]!.id });
    // Someone they already talk with is no stranger.
    const friend = await signUpVerified(server);
    await openDirectChat(server, friend, flooder);
    await sendMessage(server, flooder, { receiverId: friend.id });
  });
});

describe('reports', () => {
  it('stops a flood of reports at the hourly limit; moderators see no more of them', async () => {
    const [reporter, author, moderator] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    await giveSiteRole(server, moderator, 'moderator');
    const story = await postStory(server, author, '<p>Comments to report #flood</p>');
    const limit = RATE_LIMITS.reportCreate;
    const comments: { id: string }[] = [];
    for (let index = 0; index <= limit.max + 1; index += 1)
      comments.push(
        await addComment(
          server,
          author,
          { itemType: 'stories', itemId: story.id },
          `<p>${index}</p>`,
        ),
      );
    const reportComment = (index: number) =>
      gql(
        server.url,
        CREATE_REPORT,
        { input: { itemType: 'comments', itemId: comments[index]!.id, tags: ['spam'] } },
        { token: reporter.token },
      );
    await accepted(limit.max, reportComment);
    expectRefused(await reportComment(limit.max), limit.windowSeconds);
    const overRest = await rest(
      server.url,
      'POST',
      '/api/reports',
      { path: `stories/${story.id}/comments/${comments[limit.max + 1]!.id}`, tags: ['spam'] },
      reporter.token,
    );
    expect(overRest.status).toBe(429);
    expectTooMany(overRest.body.error?.message, limit.windowSeconds);
    const queue = await gqlData<{ reportQueue: { items: { reporter: { id: string } | null }[] } }>(
      server.url,
      REPORT_QUEUE,
      { first: 100 },
      { token: moderator.token },
    );
    expect(
      queue.reportQueue.items.filter((item) => item.reporter?.id === reporter.id),
    ).toHaveLength(limit.max);
  });
});

describe('notifications a flood would repeat', () => {
  it('notifies a person of one person’s @mentions five times an hour; later comments still post', async () => {
    const [mentioner, victim, author] = await Promise.all([
      signUpVerified(server, { displayName: 'Mentioner' }),
      signUpVerified(server, { displayName: 'Victim' }),
      signUpVerified(server),
    ]);
    const story = await postStory(server, author, '<p>Ping party #mentions</p>');
    const thread = { itemType: 'stories' as const, itemId: story.id };
    const limit = RATE_LIMITS.mentionNotify;
    for (let index = 0; index <= limit.max + 2; index += 1)
      await addComment(server, mentioner, thread, `<p>Hey ${mentionOf(victim)} (${index})</p>`);
    expect(await notificationsOfKind(server, victim, 'mention')).toHaveLength(limit.max);
    // Another person's mention still reaches them.
    const other = await signUpVerified(server);
    await addComment(server, other, thread, `<p>Also ${mentionOf(victim)}</p>`);
    expect(await notificationsOfKind(server, victim, 'mention')).toHaveLength(limit.max + 1);
  });

  it('stops taking a reaction back and giving it again after five times an hour on one item', async () => {
    const [reactor, author] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const story = await postStory(server, author, '<p>React to me #toggle</p>');
    const item = { itemType: 'stories', itemId: story.id };
    const limit = RATE_LIMITS.reactionPerItem;
    await accepted(limit.max * 2, (index) =>
      gql(
        server.url,
        index % 2 ? UNREACT : REACT,
        { ...item, reaction: 'like' },
        { token: reactor.token },
      ),
    );
    expectRefused(
      await gql(server.url, REACT, { ...item, reaction: 'like' }, { token: reactor.token }),
      limit.windowSeconds,
    );
  });

  it('stops voting again and again on one solution after five first votes an hour', async () => {
    const [voter, author] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const solution = await postSolution(server, author);
    const limit = RATE_LIMITS.votePerItem;
    await accepted(limit.max * 2, (index) =>
      gql(server.url, index % 2 ? RESET_VOTE : UPVOTE, { id: solution.id }, { token: voter.token }),
    );
    expectRefused(
      await gql(server.url, UPVOTE, { id: solution.id }, { token: voter.token }),
      limit.windowSeconds,
    );
  });

  it('stops following the same person again after three follows a day', async () => {
    const [follower, followee] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const limit = RATE_LIMITS.userFollowPerRecipient;
    const call = (follow: boolean) =>
      gql(
        server.url,
        `mutation($userId: ID!) { ${follow ? 'followUser' : 'unfollowUser'}(userId: $userId) { id } }`,
        { userId: followee.id },
        { token: follower.token },
      );
    await accepted(limit.max * 2, (index) => call(index % 2 === 0));
    expectRefused(await call(true), limit.windowSeconds);
    const overRest = await rest(
      server.url,
      'POST',
      '/api/users/follow',
      { userId: followee.id },
      follower.token,
    );
    expect(overRest.status).toBe(429);
  });

  it('stops moving one problem’s status after ten changes an hour', async () => {
    const author = await signUpVerified(server);
    const problem = await postProblem(server, author, 'Flickering street lights');
    const limit = RATE_LIMITS.problemStatusPerProblem;
    const setStatus = (status: string) =>
      gql(
        server.url,
        `mutation($id: ID!, $status: ProblemStatus!) { setProblemStatus(id: $id, status: $status) { id } }`,
        { id: problem.id, status },
        { token: author.token },
      );
    await accepted(limit.max, (index) => setStatus(index % 2 ? 'unsolved' : 'solving'));
    // The same status again changes nothing and counts nothing (the tenth change set 'unsolved').
    await accepted(3, () => setStatus('unsolved'));
    expectRefused(await setStatus('solved'), limit.windowSeconds);
  });

  it('alerts a problem’s tag followers again only twice a day when it is unpublished and published again', async () => {
    const [author, alerted] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const space = await createPrivateSpace(server, author, {
      members: [{ user: alerted, status: 'contributor' }],
    });
    await gqlData(
      server.url,
      `mutation($tags: [String!]!) { setNotificationTags(tags: $tags) }`,
      { tags: ['canals'] },
      { token: alerted.token },
    );
    const problem = await gqlData<{ createProblem: { id: string } }>(
      server.url,
      `mutation($input: CreateProblemInput!) { createProblem(input: $input) { id } }`,
      {
        input: {
          name: 'Canal silt',
          description: '<p>The canal is full of silt #canals</p>',
          spaceId: space.id,
        },
      },
      { token: author.token },
    );
    const publish = (isDraft: boolean) =>
      gqlData(
        server.url,
        `mutation($id: ID!, $input: UpdateProblemInput!) { updateProblem(id: $id, input: $input) { id } }`,
        { id: problem.createProblem.id, input: { isDraft } },
        { token: author.token },
      );
    /** Whether the alert is unread again after the person read it and the problem came back. */
    const alertedAgain = async () => {
      const [alert] = await notificationsOfKind(server, alerted, 'problemAlert');
      await markRead(server, alerted, alert!.id);
      await publish(true);
      await publish(false);
      const [after] = await notificationsOfKind(server, alerted, 'problemAlert');
      return !after!.isRead;
    };
    const repeats = RATE_LIMITS.problemAlert.max - 1;
    for (let index = 0; index < repeats; index += 1) expect(await alertedAgain()).toBe(true);
    expect(await alertedAgain()).toBe(false);
  });
});

describe('spaces', () => {
  it('stops re-inviting a person who declines after five invitations a day', async () => {
    const [owner, invitee] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const space = await createPrivateSpace(server, owner);
    const limit = RATE_LIMITS.spaceInvitePerRecipient;
    const inviteAgain = () =>
      gql(
        server.url,
        `mutation($spaceId: ID!, $userIds: [ID!]!) { sendInvites(spaceId: $spaceId, userIds: $userIds) }`,
        { spaceId: space.id, userIds: [invitee.id] },
        { token: owner.token },
      );
    const decline = () =>
      gqlData(
        server.url,
        `mutation($spaceId: ID!) { declineInvite(spaceId: $spaceId) }`,
        { spaceId: space.id },
        { token: invitee.token },
      );
    for (let index = 0; index < limit.max; index += 1) {
      expect((await inviteAgain()).errors).toBeUndefined();
      await decline();
    }
    expectRefused(await inviteAgain(), limit.windowSeconds);
    expect(await notificationsOfKind(server, invitee, 'invite')).toHaveLength(1);
  });

  it('stops asking to join the same space after three requests a day', async () => {
    const [owner, asker] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const space = await createPrivateSpace(server, owner);
    const limit = RATE_LIMITS.accessRequestPerSpace;
    const ask = () =>
      gql(
        server.url,
        `mutation($spaceId: ID!) { requestAccess(spaceId: $spaceId) }`,
        { spaceId: space.id },
        { token: asker.token },
      );
    for (let index = 0; index < limit.max; index += 1) {
      expect((await ask()).errors).toBeUndefined();
      await gqlData(
        server.url,
        `mutation($spaceId: ID!, $userId: ID!) { denyRequest(spaceId: $spaceId, userId: $userId) }`,
        { spaceId: space.id, userId: asker.id },
        { token: owner.token },
      );
    }
    expectRefused(await ask(), limit.windowSeconds);
  });
});

describe('writes that only cost storage', () => {
  it('limits the tags one person registers from the add-tags dialog', async () => {
    const user = await signUpVerified(server);
    const limit = RATE_LIMITS.tagAdd;
    const add = (index: number) =>
      gql(
        server.url,
        `mutation($tags: [String!]!) { addTags(tags: $tags) }`,
        { tags: [`flood${index}${randomUUID().slice(0, 4)}`] },
        { token: user.token },
      );
    await accepted(limit.max, add);
    expectRefused(await add(limit.max), limit.windowSeconds);
  });

  it('limits the new browsers one person registers for push, not the same browser saved again', async () => {
    const user = await signUpVerified(server);
    const limit = RATE_LIMITS.pushSubscribe;
    const subscribe = (index: number) =>
      gql(
        server.url,
        `mutation($subscription: PushSubscriptionInput!) { savePushSubscription(subscription: $subscription) }`,
        {
          subscription: {
            endpoint: `https://push.example.test/${user.id}/${index}`,
            keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
          },
        },
        { token: user.token },
      );
    await accepted(limit.max, subscribe);
    await accepted(3, () => subscribe(0));
    expectRefused(await subscribe(limit.max), limit.windowSeconds);
  });

  it('limits a problem’s parts and measurements one person adds', async () => {
    const author = await signUpVerified(server);
    const problem = await postProblem(server, author, 'Leaking water tank');
    const limit = RATE_LIMITS.problemDetailAdd;
    const part = (index: number) =>
      gql(
        server.url,
        `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id } }`,
        { problemId: problem.id, input: { type: 'thing', name: `Valve ${index}` } },
        { token: author.token },
      );
    await accepted(limit.max, part);
    expectRefused(await part(limit.max), limit.windowSeconds);
    const measurement = await gql(
      server.url,
      `mutation($problemId: ID!, $input: MeasurementInput!) { addMeasurement(problemId: $problemId, input: $input) { id } }`,
      { problemId: problem.id, input: { name: 'Leak', value: 3, unit: 'l/h' } },
      { token: author.token },
    );
    expectRefused(measurement, limit.windowSeconds);
  });
});
