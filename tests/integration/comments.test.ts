import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, COMMENT_TEXT_MAX, MESSAGES } from '@rules';
import { gql, gqlData, gqlError, rest, subscribe } from '../helpers/clients';
import {
  PROBLEM,
  SOLUTION,
  postProblem,
  postSkill,
  postSolution,
  postStory,
  signUpVerified,
  type ProblemView,
  type SolutionView,
  type TestUser,
} from '../helpers/factories';
import {
  ADD_COMMENT,
  COMMENT_CHANGED,
  DELETE_COMMENT,
  UPDATE_COMMENT,
  addComment,
  commentsPath,
  listComments,
  listCommentsOverRest,
  listReplies,
  mentionOf,
  type CommentChangeView,
  type CommentView,
  type Thread,
} from '../helpers/factories/comments';
import { counterMismatches } from '../helpers/counters';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const STORY_COUNTERS = `query($id: ID!) { story(id: $id) { counters { totalComments } } }`;

async function storyComments(storyId: string) {
  const data = await gqlData<{ story: { counters: { totalComments: number } } }>(
    server.url,
    STORY_COUNTERS,
    { id: storyId },
  );
  return data.story.counters.totalComments;
}

/** A fresh public story by Alice: every test gets its own thread. */
async function newThread(): Promise<Thread> {
  const story = await postStory(server, alice, '<p>Our well ran dry #water</p>');
  return { itemType: 'stories', itemId: story.id };
}

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
  ]);
});

afterAll(() => server.stop());

describe('signed out', () => {
  it('reads a public thread and its replies over GraphQL and REST', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread, '<p>Dig deeper</p>');
    const reply = await addComment(server, carol, thread, '<p>Agreed</p>', comment.id);

    const page = await listComments(server, thread);
    expect(page.items.map((item) => item.id)).toEqual([comment.id]);
    expect(page.items[0]!.canEdit).toBe(false);
    expect((await listReplies(server, comment.id)).items.map((item) => item.id)).toEqual([
      reply.id,
    ]);
    const listed = await listCommentsOverRest(server, commentsPath(thread));
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item) => item.id)).toEqual([comment.id]);
  });

  it('cannot comment, edit or delete: UNAUTHENTICATED, 401 over REST', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread);

    const added = await gqlError(server.url, ADD_COMMENT, {
      input: { ...thread, commentHTML: '<p>Hi</p>' },
    });
    expect(added.code).toBe('UNAUTHENTICATED');
    const edited = await gqlError(server.url, UPDATE_COMMENT, {
      id: comment.id,
      commentHTML: '<p>x</p>',
    });
    expect(edited.code).toBe('UNAUTHENTICATED');
    expect((await gqlError(server.url, DELETE_COMMENT, { id: comment.id })).code).toBe(
      'UNAUTHENTICATED',
    );

    const path = commentsPath(thread);
    expect(
      (await rest(server.url, 'POST', '/api/comments', { data: { commentHTML: 'x' }, path }))
        .status,
    ).toBe(401);
    expect(
      (
        await rest(server.url, 'PATCH', `/api/comments/${comment.id}`, {
          data: { id: comment.id, commentHTML: 'x' },
          path,
        })
      ).status,
    ).toBe(401);
    expect(
      (await rest(server.url, 'DELETE', `/api/comments/${comment.id}?path=${path}`)).status,
    ).toBe(401);
    expect(await storyComments(thread.itemId)).toBe(1);
  });
});

describe('adding and listing', () => {
  it('adds a comment with its author and counts it on the story', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread, '<p>Try a <b>deeper</b> well</p>');
    expect(comment).toMatchObject({
      commentHTML: '<p>Try a <b>deeper</b> well</p>',
      itemType: 'stories',
      itemId: thread.itemId,
      parentId: null,
      path: `stories/${thread.itemId}/comments/${comment.id}`,
      canEdit: true,
      author: { id: bob.id, displayName: 'Bob', role: 'person' },
      counters: { totalReplies: 0 },
    });
    expect(Date.now() - Date.parse(comment.createdAt)).toBeLessThan(60_000);
    expect(await storyComments(thread.itemId)).toBe(1);
  });

  it('lists recent comments newest first, in keyset pages', async () => {
    const thread = await newThread();
    const added: CommentView[] = [];
    for (const text of ['one', 'two', 'three', 'four', 'five']) {
      added.push(await addComment(server, bob, thread, `<p>${text}</p>`));
    }
    const first = await listComments(server, thread, { first: 2 });
    const second = await listComments(server, thread, { first: 2, after: first.last! });
    const third = await listComments(server, thread, { first: 2, after: second.last! });
    const ids = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(ids).toEqual(added.map((item) => item.id).reverse());
    expect(third.last).toBeNull();
  });

  it('sorts top by replies (and reactions), most first', async () => {
    const thread = await newThread();
    const quiet = await addComment(server, bob, thread, '<p>quiet</p>');
    const busy = await addComment(server, bob, thread, '<p>busy</p>');
    const middling = await addComment(server, bob, thread, '<p>middling</p>');
    await addComment(server, carol, thread, '<p>r1</p>', busy.id);
    await addComment(server, carol, thread, '<p>r2</p>', busy.id);
    await addComment(server, carol, thread, '<p>r3</p>', middling.id);

    const top = await listComments(server, thread, { orderBy: 'top', first: 2 });
    const rest2 = await listComments(server, thread, { orderBy: 'top', after: top.last! });
    expect([...top.items, ...rest2.items].map((item) => item.id)).toEqual([
      busy.id,
      middling.id,
      quiet.id,
    ]);
  });

  it('comments on problems, solutions and skills too, counting on each', async () => {
    const problem = await postProblem(server, alice, 'No clean water');
    const solution = await postSolution(server, alice, { problemId: problem.id });
    const skill = await postSkill(server, alice);
    await addComment(server, bob, { itemType: 'problems', itemId: problem.id });
    await addComment(server, bob, { itemType: 'solutions', itemId: solution.id });
    await addComment(server, bob, { itemType: 'skills', itemId: skill.id });

    const problemView = await gqlData<{ problem: ProblemView }>(server.url, PROBLEM, {
      id: problem.id,
    });
    expect(problemView.problem.counters.totalComments).toBe(1);
    const solutionView = await gqlData<{ solution: SolutionView }>(server.url, SOLUTION, {
      id: solution.id,
    });
    expect(solutionView.solution.counters.totalComments).toBe(1);
    const skillThread = await listComments(server, { itemType: 'skills', itemId: skill.id });
    expect(skillThread.items).toHaveLength(1);
    const skillView = await gqlData<{ skill: { counters: { totalComments: number } } }>(
      server.url,
      `query($id: ID!) { skill(id: $id) { counters { totalComments } } }`,
      { id: skill.id },
    );
    expect(skillView.skill.counters.totalComments).toBe(1);
  });

  it('answers NOT_FOUND for a post that does not exist', async () => {
    const error = await gqlError(
      server.url,
      ADD_COMMENT,
      { input: { itemType: 'stories', itemId: 'nope', commentHTML: '<p>Hi</p>' } },
      { token: bob.token },
    );
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('replies', () => {
  it('replies under a comment, oldest first, counting on the comment and the story', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread);
    const first = await addComment(server, carol, thread, '<p>first</p>', comment.id);
    const second = await addComment(server, alice, thread, '<p>second</p>', comment.id);
    expect(first.path).toBe(`stories/${thread.itemId}/comments/${comment.id}/replies/${first.id}`);

    const replies = await listReplies(server, comment.id);
    expect(replies.items.map((item) => item.id)).toEqual([first.id, second.id]);
    const [listed] = (await listComments(server, thread)).items;
    expect(listed!.counters.totalReplies).toBe(2);
    expect(await storyComments(thread.itemId)).toBe(3);
    const paged = await listReplies(server, comment.id, { first: 1 });
    const next = await listReplies(server, comment.id, { first: 1, after: paged.last! });
    expect(next.items.map((item) => item.id)).toEqual([second.id]);
  });

  it('puts a reply to a reply under the same comment', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread);
    const reply = await addComment(server, carol, thread, '<p>reply</p>', comment.id);
    const nested = await addComment(server, bob, thread, '<p>nested</p>', reply.id);
    expect(nested.parentId).toBe(comment.id);
    expect((await listReplies(server, comment.id)).items).toHaveLength(2);
  });

  it("refuses a parent from another post's thread as NOT_FOUND", async () => {
    const elsewhere = await addComment(server, bob, await newThread());
    const error = await gqlError(
      server.url,
      ADD_COMMENT,
      { input: { ...(await newThread()), commentHTML: '<p>Hi</p>', parentId: elsewhere.id } },
      { token: bob.token },
    );
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('editing and deleting', () => {
  it('lets the author edit, and refuses everyone else with FORBIDDEN', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread, '<p>typo</p>');
    const edited = await gqlData<{ updateComment: CommentView }>(
      server.url,
      UPDATE_COMMENT,
      { id: comment.id, commentHTML: '<p>fixed #well</p>' },
      { token: bob.token },
    );
    expect(edited.updateComment).toMatchObject({
      commentHTML: '<p>fixed #well</p>',
      tags: ['well'],
    });
    expect(Date.parse(edited.updateComment.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(comment.updatedAt),
    );

    const refused = await gqlError(
      server.url,
      UPDATE_COMMENT,
      { id: comment.id, commentHTML: '<p>mine now</p>' },
      { token: alice.token },
    );
    expect(refused.code).toBe('FORBIDDEN');
    const deleted = await gqlError(
      server.url,
      DELETE_COMMENT,
      { id: comment.id },
      {
        token: alice.token,
      },
    );
    expect(deleted.code).toBe('FORBIDDEN');
    expect((await listComments(server, thread)).items[0]!.commentHTML).toBe('<p>fixed #well</p>');
  });

  it('deletes a comment with its replies and takes them all out of the count', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread);
    const other = await addComment(server, carol, thread);
    for (const text of ['a', 'b', 'c']) {
      await addComment(server, carol, thread, `<p>${text}</p>`, comment.id);
    }
    expect(await storyComments(thread.itemId)).toBe(5);

    await gqlData(server.url, DELETE_COMMENT, { id: comment.id }, { token: bob.token });
    expect((await listComments(server, thread)).items.map((item) => item.id)).toEqual([other.id]);
    expect(await storyComments(thread.itemId)).toBe(1);
    const gone = await gql(server.url, `query($id: ID!) { replies(commentId: $id) { last } }`, {
      id: comment.id,
    });
    expect(gone.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await counterMismatches(server.deps.db)).toEqual([]);
  });

  it("deleting a reply lowers its comment's reply count", async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread);
    const reply = await addComment(server, carol, thread, '<p>r</p>', comment.id);
    await gqlData(server.url, DELETE_COMMENT, { id: reply.id }, { token: carol.token });
    expect((await listComments(server, thread)).items[0]!.counters.totalReplies).toBe(0);
    expect(await storyComments(thread.itemId)).toBe(1);
  });
});

describe('counters under concurrency', () => {
  it('counts 50 comments and replies from 50 people at once exactly', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread);
    const people = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        signUpVerified(server, { displayName: `P${index}` }),
      ),
    );
    await Promise.all(
      people.map((person, index) =>
        addComment(server, person, thread, `<p>n${index}</p>`, index % 2 ? comment.id : undefined),
      ),
    );
    expect(await storyComments(thread.itemId)).toBe(51);
    const top = (await listComments(server, thread, { first: 100 })).items;
    expect(top).toHaveLength(26);
    expect(top.find((item) => item.id === comment.id)!.counters.totalReplies).toBe(25);
    expect(await counterMismatches(server.deps.db)).toEqual([]);
  });
});

describe('text rules', () => {
  it('sanitises the html: scripts and handlers are gone', async () => {
    const comment = await addComment(
      server,
      bob,
      await newThread(),
      '<p onclick="steal()">Hello<script>alert(1)</script> <a href="javascript:x()">link</a></p>',
    );
    expect(comment.commentHTML).not.toMatch(/script|onclick|javascript/u);
    expect(comment.commentHTML).toContain('Hello');
  });

  it('takes tags from #hashtags and refuses a dotted one', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread, '<p>Use #Rain #water-harvest</p>');
    expect(comment.tags).toEqual(['rain', 'water-harvest']);
    const error = await gqlError(
      server.url,
      ADD_COMMENT,
      { input: { ...thread, commentHTML: '<p>see #node.js</p>' } },
      { token: bob.token },
    );
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: MESSAGES.hashtagDot });
  });

  it('stores the ids of @mentioned people who exist', async () => {
    const comment = await addComment(
      server,
      bob,
      await newThread(),
      `<p>${mentionOf(carol)} and ${mentionOf({ id: 'ghost', displayName: 'Ghost' })} look</p>`,
    );
    expect(comment.mentions).toEqual([carol.id]);
    expect(comment.commentHTML).toContain(`data-id="${carol.id}"`);
  });

  it('refuses an empty, whitespace-only or too long comment', async () => {
    const thread = await newThread();
    for (const commentHTML of ['', '<p>   </p>', '<p><script>x</script></p>', '<p>&nbsp;</p>']) {
      const error = await gqlError(
        server.url,
        ADD_COMMENT,
        { input: { ...thread, commentHTML } },
        { token: bob.token },
      );
      expect(error, commentHTML).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: COMMENT_MESSAGES.commentEmpty,
      });
    }
    const long = await gqlError(
      server.url,
      ADD_COMMENT,
      { input: { ...thread, commentHTML: `<p>${'a'.repeat(COMMENT_TEXT_MAX + 1)}</p>` } },
      { token: bob.token },
    );
    expect(long.message).toBe(COMMENT_MESSAGES.commentMax);
    expect(await storyComments(thread.itemId)).toBe(0);
  });
});

describe('REST rows', () => {
  const AUTHOR = (user: TestUser) => ({
    id: user.id,
    displayName: user.displayName,
    photoURL: '',
    role: 'person',
  });

  it('POST /comments creates a comment (and a reply) and answers 201 with it', async () => {
    const thread = await newThread();
    const path = commentsPath(thread);
    const created = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'POST',
      '/api/comments',
      { data: { commentHTML: '<p>Via REST #rest</p>', tags: ['ignored'] }, path },
      bob.token,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect(created.body).toEqual({
      success: true,
      data: {
        id,
        commentHTML: '<p>Via REST #rest</p>',
        tags: ['rest'],
        mentions: [],
        author: AUTHOR(bob),
        path: `${path}/${id}`,
        parentId: null,
        isHidden: false,
        counters: { totalReplies: 0, totalReactions: 0 },
        reaction: null,
        reacted: false,
        reactionCounts: [],
        canEdit: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        when: created.body.data.createdAt,
      },
    });

    const reply = await rest<{ data: { id: string; parentId: string } }>(
      server.url,
      'POST',
      '/apiv1/comments',
      { data: { commentHTML: '<p>reply</p>' }, path: commentsPath(thread, id) },
      carol.token,
    );
    expect(reply.status).toBe(201);
    expect(reply.body.data.parentId).toBe(id);
    expect(await storyComments(thread.itemId)).toBe(2);
  });

  it('POST /comments under a solution shown under its problem', async () => {
    const problem = await postProblem(server, alice, 'Dry fields');
    const solution = await postSolution(server, alice, { problemId: problem.id });
    const path = `problems/${problem.id}/solutions/${solution.id}/comments`;
    const created = await rest(
      server.url,
      'POST',
      '/api/comments',
      { data: { commentHTML: '<p>Nice</p>' }, path },
      bob.token,
    );
    expect(created.status).toBe(201);
    const listed = await listCommentsOverRest(server, path);
    expect(listed.body.items).toHaveLength(1);
  });

  it('PATCH /comments/{id} edits, DELETE removes; others get 403', async () => {
    const thread = await newThread();
    const comment = await addComment(server, bob, thread);
    const path = commentsPath(thread);
    const patched = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'PATCH',
      `/api/comments/${comment.id}`,
      { data: { id: comment.id, tags: [], commentHTML: '<p>Edited</p>' }, path },
      bob.token,
    );
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id: comment.id, commentHTML: '<p>Edited</p>' });

    const foreign = await rest(
      server.url,
      'PATCH',
      `/api/comments/${comment.id}`,
      { data: { commentHTML: '<p>x</p>' }, path },
      carol.token,
    );
    expect(foreign.status).toBe(403);
    const foreignDelete = await rest(
      server.url,
      'DELETE',
      `/api/comments/${comment.id}?path=${path}`,
      undefined,
      carol.token,
    );
    expect(foreignDelete.status).toBe(403);

    const deleted = await rest(
      server.url,
      'DELETE',
      `/api/comments/${comment.id}?path=${path}`,
      undefined,
      bob.token,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect(await storyComments(thread.itemId)).toBe(0);
    const again = await rest(
      server.url,
      'DELETE',
      `/api/comments/${comment.id}?path=${path}`,
      undefined,
      bob.token,
    );
    expect(again.status).toBe(404);
  });

  it('GET /list/v2 pages a thread and its replies with orderBy, results and lastDocumentID', async () => {
    const thread = await newThread();
    const first = await addComment(server, bob, thread, '<p>1</p>');
    const second = await addComment(server, bob, thread, '<p>2</p>');
    const third = await addComment(server, bob, thread, '<p>3</p>');
    const reply = await addComment(server, carol, thread, '<p>r</p>', first.id);
    const path = commentsPath(thread);

    const page = await listCommentsOverRest(server, path, { results: '2', orderBy: 'recent' });
    expect(page.status).toBe(200);
    expect(Object.keys(page.body).sort()).toEqual(['items', 'last', 'lastScannedWhen', 'success']);
    expect(page.body.items.map((item) => item.id)).toEqual([third.id, second.id]);
    expect(page.body.items[0]).toMatchObject({
      author: AUTHOR(bob),
      counters: { totalReplies: 0 },
    });
    const next = await listCommentsOverRest(server, path, {
      results: '2',
      lastDocumentID: page.body.last!,
    });
    expect(next.body.items.map((item) => item.id)).toEqual([first.id]);
    expect(next.body.last).toBeNull();

    const top = await listCommentsOverRest(server, path, { orderBy: 'top' });
    expect(top.body.items[0]!.id).toBe(first.id);
    const replies = await listCommentsOverRest(server, commentsPath(thread, first.id));
    expect(replies.body.items.map((item) => item.id)).toEqual([reply.id]);
  });

  it('answers 404 for a comments path that names nothing', async () => {
    const thread = await newThread();
    const elsewhere = await addComment(server, bob, await newThread());
    for (const path of [
      `stories/${thread.itemId}/comments/${elsewhere.id}/replies`,
      'stories/missing/comments',
      `stories/${thread.itemId}/comments/x/y`,
    ]) {
      expect((await listCommentsOverRest(server, path)).status, path).toBe(404);
    }
    const posted = await rest(
      server.url,
      'POST',
      '/api/comments',
      { data: { commentHTML: '<p>x</p>' }, path: `stories/${thread.itemId}` },
      bob.token,
    );
    expect(posted.status).toBe(404);
  });

  it('answers 422 with the message for an empty comment', async () => {
    const posted = await rest(
      server.url,
      'POST',
      '/api/comments',
      { data: { commentHTML: '<p> </p>' }, path: commentsPath(await newThread()) },
      bob.token,
    );
    expect(posted.status).toBe(422);
    expect(posted.body.error?.message).toBe(COMMENT_MESSAGES.commentEmpty);
  });
});

describe('live thread', () => {
  it("delivers someone else's new comment, reply, edit and deletion with the counts", async () => {
    const thread = await newThread();
    const live = await subscribe<CommentChangeView>(server.url, COMMENT_CHANGED, thread, {
      token: alice.token,
    });
    const signedOut = await subscribe<CommentChangeView>(server.url, COMMENT_CHANGED, thread);
    try {
      const comment = await addComment(server, bob, thread, '<p>Live!</p>');
      const reply = await addComment(server, carol, thread, '<p>Reply</p>', comment.id);
      await gqlData(
        server.url,
        UPDATE_COMMENT,
        { id: comment.id, commentHTML: '<p>Edited live</p>' },
        { token: bob.token },
      );
      await gqlData(server.url, DELETE_COMMENT, { id: comment.id }, { token: bob.token });

      const events = (await live.take(4)).map((event) => event.commentChanged);
      expect(events.map((event) => event.change)).toEqual(['added', 'added', 'updated', 'removed']);
      expect(events[0]).toMatchObject({
        commentId: comment.id,
        parentId: null,
        totalComments: 1,
        comment: { commentHTML: '<p>Live!</p>', author: { id: bob.id }, canEdit: false },
      });
      expect(events[1]).toMatchObject({
        commentId: reply.id,
        parentId: comment.id,
        totalComments: 2,
        parentTotalReplies: 1,
      });
      expect(events[2]!.comment!.commentHTML).toBe('<p>Edited live</p>');
      expect(events[3]).toMatchObject({ commentId: comment.id, comment: null, totalComments: 0 });
      expect(await signedOut.take(4)).toHaveLength(4);
    } finally {
      await live.close();
      await signedOut.close();
    }
  });

  it('refuses a subscription to a post that does not exist', async () => {
    const live = await subscribe<CommentChangeView>(server.url, COMMENT_CHANGED, {
      itemType: 'stories',
      itemId: 'missing',
    });
    try {
      await expect.poll(() => live.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(live.errors)).toContain('NOT_FOUND');
    } finally {
      await live.close();
    }
  });
});
