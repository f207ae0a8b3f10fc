import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, subscribe } from '../helpers/clients';
import {
  addParticipant,
  createPrivateSpace,
  postStory,
  setStatus,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import {
  ADD_COMMENT,
  COMMENTS,
  COMMENT_CHANGED,
  REPLIES,
  addComment,
  commentsPath,
  listComments,
  listCommentsOverRest,
  type CommentChangeView,
  type CommentView,
  type Thread,
} from '../helpers/factories/comments';
import { refusedAsMissing } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The privacy matrix of comments on a post in a private space: members read, write and hear the
 * thread live; an outsider, an invited person and a signed-out visitor get NOT_FOUND everywhere,
 * exactly as for a post that does not exist. A member who is blocked stops hearing at once.
 */
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let invited: TestUser;
let outsider: TestUser;
let spaceId: string;
let thread: Thread;
let comment: CommentView;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, invited, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Owner' }),
    signUpVerified(server, { displayName: 'Member' }),
    signUpVerified(server, { displayName: 'Invited' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  const space = await createPrivateSpace(server, owner, {
    members: [
      { user: member, status: 'contributor' },
      { user: invited, status: 'invited' },
    ],
  });
  spaceId = space.id;
  const story = await postStory(server, owner, '<p>Committee notes #private</p>', {
    spaceId,
  });
  thread = { itemType: 'stories', itemId: story.id };
  comment = await addComment(server, member, thread, '<p>Secret plan</p>');
});

afterAll(() => server.stop());

it('members read and write the thread', async () => {
  expect((await listComments(server, thread, { token: owner.token })).items).toHaveLength(1);
  const listed = await listCommentsOverRest(server, commentsPath(thread), {}, member.token);
  expect(listed.status).toBe(200);
});

describe.each([
  ['an outsider', () => outsider.token],
  ['an invited person', () => invited.token],
  ['a signed-out visitor', () => undefined],
])('%s', (_, tokenOf) => {
  const refused = refusedAsMissing(() => ({ server, token: tokenOf() }));

  it('gets NOT_FOUND for the thread and its replies', async () => {
    await refused.graphql(COMMENTS, thread);
    await refused.graphql(REPLIES, { commentId: comment.id });
    const listed = await listCommentsOverRest(server, commentsPath(thread), {}, tokenOf());
    expect(listed.status).toBe(404);
    const replies = await listCommentsOverRest(
      server,
      commentsPath(thread, comment.id),
      {},
      tokenOf(),
    );
    expect(replies.status).toBe(404);
  });

  it('is refused at subscribe', async () => {
    const live = await subscribe<CommentChangeView>(server.url, COMMENT_CHANGED, thread, {
      token: tokenOf(),
    });
    try {
      await expect.poll(() => live.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(live.errors)).toContain('NOT_FOUND');
    } finally {
      await live.close();
    }
  });
});

describe.each([
  ['an outsider', () => outsider],
  ['an invited person', () => invited],
])('%s writing', (_, userOf) => {
  const refused = refusedAsMissing(() => ({ server, token: userOf().token }));

  it('gets NOT_FOUND for a comment, a reply, an edit and a delete', async () => {
    await refused.graphql(ADD_COMMENT, { input: { ...thread, commentHTML: '<p>Hi</p>' } });
    await refused.graphql(ADD_COMMENT, {
      input: { ...thread, commentHTML: '<p>Hi</p>', parentId: comment.id },
    });
    await refused.rest('POST', '/api/comments', {
      data: { commentHTML: '<p>Hi</p>' },
      path: commentsPath(thread),
    });
    await refused.rest('PATCH', `/api/comments/${comment.id}`, {
      data: { commentHTML: '<p>Hi</p>' },
    });
    await refused.rest('DELETE', `/api/comments/${comment.id}`);
    expect((await listComments(server, thread, { token: owner.token })).items).toHaveLength(1);
  });
});

it('stops delivering to a member who is blocked from the space', async () => {
  const leaving = await signUpVerified(server, { displayName: 'Leaving' });
  await addParticipant(server, owner, spaceId, leaving);
  const live = await subscribe<CommentChangeView>(server.url, COMMENT_CHANGED, thread, {
    token: leaving.token,
  });
  const witness = await subscribe<CommentChangeView>(server.url, COMMENT_CHANGED, thread, {
    token: owner.token,
  });
  try {
    await addComment(server, member, thread, '<p>Before</p>');
    expect(await live.take(1)).toHaveLength(1);

    await setStatus(server, owner, spaceId, leaving, 'blocked');
    // Events reach the process in order: the block is judged before the comment written after it.
    await addComment(server, member, thread, '<p>After</p>');
    // The owner hears every comment of the thread: once they have this one, the hub has handed
    // it to every subscriber and judged it for the blocked one too.
    expect(await witness.take(2)).toHaveLength(2);
    expect(live.received).toHaveLength(1);
    const refused = await rest(
      server.url,
      'GET',
      `/api/list/v2?path=${commentsPath(thread)}`,
      undefined,
      leaving.token,
    );
    expect(refused.status).toBe(404);

    // Back in the space, the next comment is the first they hear since the block: events arrive
    // in order, so a leaked one would have come before it.
    await setStatus(server, owner, spaceId, leaving, 'contributor');
    const back = await addComment(server, member, thread, '<p>Back</p>');
    expect((await live.take(2))[1]!.commentChanged.commentId).toBe(back.id);
  } finally {
    await Promise.all([live.close(), witness.close()]);
  }
});
