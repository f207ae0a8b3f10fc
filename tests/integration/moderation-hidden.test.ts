import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import { counterMismatches } from '../helpers/counters';
import {
  ADD_COMMENT,
  MODERATE_ITEM,
  PROFILE_LIST,
  REPLIES,
  SOLUTION,
  STORY,
  addComment,
  createPrivateSpace,
  giveSiteRole,
  insertProblem,
  listComments,
  moderate,
  postProblem,
  postSkill,
  postSolution,
  postStory,
  profileOf,
  react,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A hidden item vanishes from every list, get, count and REST row for everyone but its author,
 * who reads it marked hidden; restoring brings it back with its counters right.
 */
let server: TestServer;
let author: TestUser;
let viewer: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [author, viewer, moderator] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Viewer' }),
    signUpVerified(server, { displayName: 'Moderator' }),
  ]);
  await giveSiteRole(server, moderator, 'moderator');
}, 120_000);

afterAll(() => server?.stop());

const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

/** Everywhere a story of the global space shows, as `user` sees it (signed out without one). */
async function storyEverywhere(storyId: string, tag: string, user?: TestUser) {
  const token = user?.token;
  const lists = await gqlData<{
    recent: { items: { id: string }[] };
    tagged: { items: { id: string }[] };
    tagPage: { items: { id: string }[] };
    tag: { counters: { totalStories: number } };
    dashboard: { totalStories: number };
  }>(
    server.url,
    `query($tag: ID!, $tags: [String!]) {
      recent: stories(first: 50) { items { id } }
      tagged: stories(tags: $tags, first: 50) { items { id } }
      tagPage: tagStories(tag: $tag, first: 50) { items { id } }
      tag(id: $tag) { counters { totalStories } }
      dashboard { totalStories }
    }`,
    { tag, tags: [tag] },
    { token },
  );
  const profile = await gqlData<{ personStories: { items: { id: string }[] } }>(
    server.url,
    PROFILE_LIST('personStories'),
    { userId: author.id, first: 50 },
    { token },
  );
  const byId = await gql(server.url, STORY, { id: storyId }, { token });
  const restGet = await rest(
    server.url,
    'GET',
    `/api/get/v2?path=stories/${storyId}`,
    undefined,
    token,
  );
  const restList = await rest<{ items: { id: string }[] }>(
    server.url,
    'GET',
    '/api/list/v2?path=stories&results=50',
    undefined,
    token,
  );
  const person = await profileOf(server, author.id, user);
  return {
    inFeed: ids(lists.recent).includes(storyId),
    inTagSearch: ids(lists.tagged).includes(storyId),
    onTagPage: ids(lists.tagPage).includes(storyId),
    onProfile: ids(profile.personStories).includes(storyId),
    byId: byId.errors?.[0]?.extensions?.code ?? 'OK',
    restGet: restGet.status,
    inRestList: restList.body.items.some((item) => item.id === storyId),
    tagCount: lists.tag.counters.totalStories,
    dashboardCount: lists.dashboard.totalStories,
    profileCount: person.counters.totalStories,
  };
}

describe('a hidden story', () => {
  it('vanishes for everyone but its author, who sees it marked; restore brings it back', async () => {
    const tag = `hide${Date.now()}`;
    const story = await postStory(server, author, `<p>Questionable #${tag}</p>`);
    const before = await storyEverywhere(story.id, tag, viewer);
    expect(before).toMatchObject({
      inFeed: true,
      inTagSearch: true,
      onTagPage: true,
      onProfile: true,
      byId: 'OK',
      restGet: 200,
      inRestList: true,
      tagCount: 1,
    });

    await moderate(server, moderator, 'hide', { itemType: 'stories', itemId: story.id });
    expect(await counterMismatches(server.deps.db)).toEqual([]);

    for (const user of [viewer, undefined]) {
      const after = await storyEverywhere(story.id, tag, user);
      expect(after).toEqual({
        inFeed: false,
        inTagSearch: false,
        onTagPage: false,
        onProfile: false,
        byId: 'NOT_FOUND',
        restGet: 404,
        inRestList: false,
        tagCount: 0,
        dashboardCount: before.dashboardCount - 1,
        profileCount: before.profileCount - 1,
      });
    }
    const own = await gqlData<{ story: { id: string; isHidden: boolean } }>(
      server.url,
      `query($id: ID!) { story(id: $id) { id isHidden } }`,
      { id: story.id },
      { token: author.token },
    );
    expect(own.story.isHidden).toBe(true);
    const ownRest = await rest<{ data: { isHidden: boolean } }>(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${story.id}`,
      undefined,
      author.token,
    );
    expect(ownRest.body.data.isHidden).toBe(true);
    // Moderators open it by id from its report, marked, but no list shows it to them.
    const forModerator = await gqlData<{ story: { isHidden: boolean } }>(
      server.url,
      `query($id: ID!) { story(id: $id) { isHidden } }`,
      { id: story.id },
      { token: moderator.token },
    );
    expect(forModerator.story.isHidden).toBe(true);
    expect((await storyEverywhere(story.id, tag, moderator)).inFeed).toBe(false);

    await moderate(server, moderator, 'restore', { itemType: 'stories', itemId: story.id });
    expect(await storyEverywhere(story.id, tag, viewer)).toEqual(before);
  });

  it('leaves its problem’s Stories tab and the problem’s story counter', async () => {
    const problemId = await insertProblem(server, author);
    const story = await postStory(server, author, '<p>On the problem #wells</p>', {
      problemId,
    });
    const problemStories = async () =>
      gqlData<{
        stories: { items: { id: string }[] };
        problem: { counters: { totalStories: number } };
      }>(
        server.url,
        `query($problemId: ID!) { stories(problemId: $problemId) { items { id } }
          problem(id: $problemId) { counters { totalStories } } }`,
        { problemId },
        { token: viewer.token },
      );
    expect(ids((await problemStories()).stories)).toEqual([story.id]);
    await moderate(server, moderator, 'hide', { itemType: 'stories', itemId: story.id });
    const hidden = await problemStories();
    expect(ids(hidden.stories)).toEqual([]);
    expect(hidden.problem.counters.totalStories).toBe(0);
    await moderate(server, moderator, 'restore', { itemType: 'stories', itemId: story.id });
    expect((await problemStories()).problem.counters.totalStories).toBe(1);
  });
});

describe('hidden problems, solutions and skills', () => {
  it('a hidden solution leaves its problem’s Solutions tab and counters', async () => {
    const problemId = await insertProblem(server, author);
    const solution = await postSolution(server, author, { problemId });
    const tab = async () =>
      gqlData<{
        solutions: { items: { id: string }[] };
        problem: { counters: { totalSolutions: number; totalSolvers: number } };
      }>(
        server.url,
        `query($problemId: ID!) { solutions(problemId: $problemId) { items { id } }
          problem(id: $problemId) { counters { totalSolutions totalSolvers } } }`,
        { problemId },
        { token: viewer.token },
      );
    expect((await tab()).problem.counters).toEqual({ totalSolutions: 1, totalSolvers: 1 });
    await moderate(server, moderator, 'hide', { itemType: 'solutions', itemId: solution.id });
    const hidden = await tab();
    expect(ids(hidden.solutions)).toEqual([]);
    expect(hidden.problem.counters).toEqual({ totalSolutions: 0, totalSolvers: 0 });
    const byId = await gql(server.url, SOLUTION, { id: solution.id }, { token: viewer.token });
    expect(byId.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const own = await gqlData<{ solution: { isHidden: boolean } }>(
      server.url,
      `query($id: ID!) { solution(id: $id) { isHidden } }`,
      { id: solution.id },
      { token: author.token },
    );
    expect(own.solution.isHidden).toBe(true);
    await moderate(server, moderator, 'restore', { itemType: 'solutions', itemId: solution.id });
    expect((await tab()).problem.counters).toEqual({ totalSolutions: 1, totalSolvers: 1 });
  });

  it('a hidden problem and a hidden skill are NOT_FOUND to others and marked for their author', async () => {
    const problemId = await insertProblem(server, author);
    const skill = await postSkill(server, author);
    await moderate(server, moderator, 'hide', { itemType: 'problems', itemId: problemId });
    await moderate(server, moderator, 'hide', { itemType: 'skills', itemId: skill.id });
    for (const [field, id] of [
      ['problem', problemId],
      ['skill', skill.id],
    ] as const) {
      const query = `query($id: ID!) { ${field}(id: $id) { isHidden } }`;
      const other = await gql(server.url, query, { id }, { token: viewer.token });
      expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const own = await gqlData<Record<string, { isHidden: boolean }>>(
        server.url,
        query,
        { id },
        {
          token: author.token,
        },
      );
      expect(own[field]!.isHidden).toBe(true);
    }
    const profile = await profileOf(server, author.id, viewer);
    const skills = await gqlData<{ personSkills: { items: { id: string }[] } }>(
      server.url,
      PROFILE_LIST('personSkills'),
      { userId: author.id },
      { token: viewer.token },
    );
    expect(ids(skills.personSkills)).not.toContain(skill.id);
    expect(profile.counters.totalProblems).toBe(
      (await profileOf(server, author.id, author)).counters.totalProblems,
    );
  });
});

describe('a hidden comment', () => {
  it('leaves the thread and the post’s comment count for others, with its replies; restore brings them back', async () => {
    const story = await postStory(server, author, '<p>Thread #talk</p>');
    const thread = { itemType: 'stories' as const, itemId: story.id };
    const rude = await addComment(server, author, thread, '<p>Rude words</p>');
    await addComment(server, viewer, thread, '<p>A reply</p>', rude.id);
    const kept = await addComment(server, viewer, thread, '<p>Kind words</p>');
    const totalComments = async () =>
      (
        await gqlData<{ story: { counters: { totalComments: number } } }>(
          server.url,
          STORY,
          { id: story.id },
          {
            token: viewer.token,
          },
        )
      ).story.counters.totalComments;
    expect(await totalComments()).toBe(3);

    await moderate(server, moderator, 'hide', { itemType: 'comments', itemId: rude.id });
    expect(await counterMismatches(server.deps.db)).toEqual([]);
    expect(ids(await listComments(server, thread, { token: viewer.token }))).toEqual([kept.id]);
    expect(await totalComments()).toBe(1);
    const replies = await gql(server.url, REPLIES, { commentId: rude.id }, { token: viewer.token });
    expect(replies.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const restList = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories/${story.id}/comments`,
      undefined,
      viewer.token,
    );
    expect(restList.body.items.map((item) => item.id)).toEqual([kept.id]);
    const own = await gqlData<{ comments: { items: { id: string; isHidden: boolean }[] } }>(
      server.url,
      `query($itemId: ID!) { comments(itemType: stories, itemId: $itemId) { items { id isHidden } } }`,
      { itemId: story.id },
      { token: author.token },
    );
    expect(own.comments.items).toContainEqual({ id: rude.id, isHidden: true });

    await moderate(server, moderator, 'restore', { itemType: 'comments', itemId: rude.id });
    expect(ids(await listComments(server, thread, { token: viewer.token })).sort()).toEqual(
      [rude.id, kept.id].sort(),
    );
    expect(await totalComments()).toBe(3);
  });

  it('cannot be approved or rejected: comments only hide and restore', async () => {
    const story = await postStory(server, author, '<p>Approve? #talk</p>');
    const comment = await addComment(server, author, { itemType: 'stories', itemId: story.id });
    const error = await gqlError(
      server.url,
      MODERATE_ITEM,
      { action: 'approve', itemType: 'comments', itemId: comment.id },
      { token: moderator.token },
    );
    expect(error.code).toBe('BAD_USER_INPUT');
  });
});

describe('who may hide and restore', () => {
  it('refuses signed-out visitors and plain users; answers NOT_FOUND for a missing item', async () => {
    const story = await postStory(server, author, '<p>Keep me #safe</p>');
    const variables = { action: 'hide', itemType: 'stories', itemId: story.id };
    expect((await gqlError(server.url, MODERATE_ITEM, variables)).code).toBe('UNAUTHENTICATED');
    expect(
      (await gqlError(server.url, MODERATE_ITEM, variables, { token: viewer.token })).code,
    ).toBe('FORBIDDEN');
    const missing = await gqlError(
      server.url,
      MODERATE_ITEM,
      { ...variables, itemId: 'missing' },
      { token: moderator.token },
    );
    expect(missing.code).toBe('NOT_FOUND');
    const rest401 = await rest(server.url, 'POST', '/api/moderation/hide', {
      path: `stories/${story.id}`,
    });
    expect(rest401.status).toBe(401);
    const rest403 = await rest(
      server.url,
      'POST',
      '/api/moderation/hide',
      { path: `stories/${story.id}` },
      viewer.token,
    );
    expect(rest403.status).toBe(403);
  });

  it("lets a private space's owner (not site moderators) hide its items, over REST too", async () => {
    const owner = await signUpVerified(server);
    const member = await signUpVerified(server);
    const space = await createPrivateSpace(server, owner, {
      members: [{ user: member, status: 'contributor' }],
    });
    const story = await postStory(server, member, '<p>Inside #committee</p>', {
      spaceId: space.id,
    });
    const refused = await rest(
      server.url,
      'POST',
      '/api/moderation/hide',
      { path: `stories/${story.id}` },
      moderator.token,
    );
    expect(refused.status).toBe(403);
    const hidden = await rest(
      server.url,
      'POST',
      '/api/moderation/hide',
      { path: `stories/${story.id}` },
      owner.token,
    );
    expect(hidden.status).toBe(200);
    const forOwner = await gql(server.url, STORY, { id: story.id }, { token: owner.token });
    expect(forOwner.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const forAuthor = await gqlData<{ story: { isHidden: boolean } }>(
      server.url,
      `query($id: ID!) { story(id: $id) { isHidden } }`,
      { id: story.id },
      { token: member.token },
    );
    expect(forAuthor.story.isHidden).toBe(true);
    const restored = await rest(
      server.url,
      'POST',
      '/api/moderation/restore',
      { path: `stories/${story.id}` },
      owner.token,
    );
    expect(restored.status).toBe(200);
    expect(
      (await gql(server.url, STORY, { id: story.id }, { token: owner.token })).errors,
    ).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Counters through hide, restore and delete, in every order

type Step = 'hide' | 'restore' | 'delete';
const STEPS: readonly Step[] = ['hide', 'restore', 'delete'];
/** Every order of the three steps (6). */
const ORDERS: Step[][] = STEPS.flatMap((first) =>
  STEPS.filter((step) => step !== first).flatMap((second) => [
    [first, second, STEPS.find((step) => step !== first && step !== second)!],
  ]),
);
const POST_KINDS = ['stories', 'problems', 'solutions', 'skills'] as const;
type PostKind = (typeof POST_KINDS)[number];

const DELETE_POST: Record<PostKind, string> = {
  stories: 'mutation($id: ID!) { deleteStory(id: $id) }',
  problems: 'mutation($id: ID!) { deleteProblem(id: $id) }',
  solutions: 'mutation($id: ID!) { deleteSolution(id: $id) }',
  skills: 'mutation($id: ID!) { deleteSkill(id: $id) }',
};

/** A post of `kind` by `user`, listed, tagged and (a story or solution) on a problem. */
async function postOf(kind: PostKind, user: TestUser, problemId: string, tag: string) {
  switch (kind) {
    case 'stories':
      return (await postStory(server, user, `<p>On it #${tag}</p>`, { problemId })).id;
    case 'problems':
      return (await postProblem(server, user, `Broken #${tag} pump`)).id;
    case 'solutions':
      return (
        await postSolution(server, user, { problemId, description: `<p>Fix the #${tag}</p>` })
      ).id;
    case 'skills':
      return (await postSkill(server, user)).id;
  }
}

/** 'ok' or the error code of a GraphQL answer. */
const outcomeOf = async (answer: Promise<{ errors?: { extensions?: { code?: string } }[] }>) =>
  (await answer).errors?.[0]?.extensions?.code ?? 'ok';

const DELETE = `mutation($id: ID!) { deleteComment(id: $id) }`;

/** Runs one step on a comment, as a moderator (hide, restore) or its author (delete). */
const stepOn = (step: Step, commentId: string, author: TestUser) =>
  outcomeOf(
    step === 'delete'
      ? gql(server.url, DELETE, { id: commentId }, { token: author.token })
      : gql(
          server.url,
          MODERATE_ITEM,
          { action: step, itemType: 'comments', itemId: commentId },
          { token: moderator.token },
        ),
  );

/** Every stored counter equals a count of its rows (a negative one never does). */
async function expectCountersExact(context: string) {
  expect(await counterMismatches(server.deps.db), context).toEqual([]);
}

describe('counters through hide, restore and delete in any order', () => {
  it.each(POST_KINDS)(
    'keeps comments and replies on %s counted once through every order, for a comment and a reply',
    async (kind) => {
      const [writer, replier, bystander] = await Promise.all([
        signUpVerified(server),
        signUpVerified(server),
        signUpVerified(server),
      ]);
      const problemId = await insertProblem(server, writer);
      const thread = { itemType: kind, itemId: await postOf(kind, writer, problemId, 'order') };
      for (const target of ['comment', 'reply'] as const) {
        for (const order of ORDERS) {
          const top = await addComment(server, writer, thread, '<p>Top</p>');
          const reply = await addComment(server, replier, thread, '<p>Reply</p>', top.id);
          await addComment(server, bystander, thread, '<p>Second reply</p>', top.id);
          await addComment(server, bystander, thread, '<p>Beside</p>');
          const [id, author] = target === 'comment' ? [top.id, writer] : [reply.id, replier];
          let exists = true;
          for (const step of order) {
            const context = `${kind} ${target} ${order.join('→')} at ${step}`;
            expect(await stepOn(step, id, author), context).toBe(exists ? 'ok' : 'NOT_FOUND');
            if (step === 'delete') exists = false;
            await expectCountersExact(context);
          }
        }
      }
    },
  );

  it('counts a thread right when a hidden reply’s comment, or a hidden comment’s reply, is deleted', async () => {
    const [writer, replier] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const story = await postStory(server, writer, '<p>Thread #mixed</p>');
    const thread = { itemType: 'stories' as const, itemId: story.id };

    // A hidden reply, then its comment deleted: the comment and its one shown reply leave.
    const first = await addComment(server, writer, thread);
    const hiddenReply = await addComment(server, replier, thread, '<p>Hidden</p>', first.id);
    await addComment(server, replier, thread, '<p>Shown</p>', first.id);
    expect(await stepOn('hide', hiddenReply.id, replier)).toBe('ok');
    expect(await stepOn('delete', first.id, writer)).toBe('ok');
    await expectCountersExact('hidden reply, comment deleted');

    // A hidden comment, then a reply under it deleted, then the comment restored.
    const second = await addComment(server, writer, thread);
    const under = await addComment(server, replier, thread, '<p>Under</p>', second.id);
    await addComment(server, replier, thread, '<p>Stays</p>', second.id);
    expect(await stepOn('hide', second.id, writer)).toBe('ok');
    expect(await stepOn('delete', under.id, replier)).toBe('ok');
    await expectCountersExact('hidden comment, reply deleted');
    expect(await stepOn('restore', second.id, writer)).toBe('ok');
    await expectCountersExact('hidden comment restored');

    // Both hidden, then restored in the other order.
    const third = await addComment(server, writer, thread);
    const nested = await addComment(server, replier, thread, '<p>Nested</p>', third.id);
    for (const [step, id] of [
      ['hide', nested.id],
      ['hide', third.id],
      ['restore', nested.id],
      ['restore', third.id],
    ] as const) {
      expect(await stepOn(step, id, replier)).toBe('ok');
      await expectCountersExact(`${step} ${id === third.id ? 'comment' : 'reply'}`);
    }
    const counters = await gqlData<{ story: { counters: { totalComments: number } } }>(
      server.url,
      STORY,
      { id: story.id },
      { token: writer.token },
    );
    expect(counters.story.counters.totalComments).toBe(4);
  });

  it('takes no reply under a hidden comment from others; its author’s reply counts nowhere yet', async () => {
    const [writer, replier] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const story = await postStory(server, writer, '<p>Hidden thread #replies</p>');
    const thread = { itemType: 'stories' as const, itemId: story.id };
    const top = await addComment(server, writer, thread);
    expect(await stepOn('hide', top.id, writer)).toBe('ok');
    const refused = await gql(
      server.url,
      ADD_COMMENT,
      { input: { ...thread, commentHTML: '<p>Under hidden</p>', parentId: top.id } },
      { token: replier.token },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await addComment(server, writer, thread, '<p>My own reply</p>', top.id);
    await expectCountersExact('reply under a hidden comment');
    expect(await stepOn('restore', top.id, writer)).toBe('ok');
    await expectCountersExact('restored with its reply');
  });

  it('answers a restore after the delete with NOT_FOUND and changes nothing', async () => {
    const [writer, replier] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const story = await postStory(server, writer, '<p>Gone #restore</p>');
    const thread = { itemType: 'stories' as const, itemId: story.id };
    const top = await addComment(server, writer, thread);
    const reply = await addComment(server, replier, thread, '<p>Reply</p>', top.id);
    await addComment(server, writer, thread, '<p>Other reply</p>', top.id);
    expect(await stepOn('hide', reply.id, replier)).toBe('ok');
    expect(await stepOn('delete', reply.id, replier)).toBe('ok');
    const counts = () =>
      gqlData<{ story: { counters: { totalComments: number } } }>(
        server.url,
        STORY,
        { id: story.id },
        { token: writer.token },
      );
    const before = await counts();
    expect(before.story.counters.totalComments).toBe(2);
    expect(await stepOn('restore', reply.id, replier)).toBe('NOT_FOUND');
    const restRestore = await rest(
      server.url,
      'POST',
      '/api/moderation/restore',
      { path: `stories/${story.id}/comments/${top.id}/replies/${reply.id}` },
      moderator.token,
    );
    expect(restRestore.status).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await listComments(server, thread)).items[0]?.counters.totalReplies).toBe(1);
    await expectCountersExact('restore after delete');
  });

  it.each(POST_KINDS)(
    'keeps every counter a hidden %s was in exact through every order of hide, restore and delete',
    async (kind) => {
      const author = await signUpVerified(server);
      const problemId = await insertProblem(server, author);
      for (const order of ORDERS) {
        const tag = `t${randomUUID().slice(0, 6)}`;
        const id = await postOf(kind, author, problemId, tag);
        // Comments on it, one of them hidden, go with it when it is deleted.
        const comment = await addComment(server, viewer, { itemType: kind, itemId: id });
        await moderate(server, moderator, 'hide', { itemType: 'comments', itemId: comment.id });
        let exists = true;
        for (const step of order) {
          const context = `${kind} ${order.join('→')} at ${step}`;
          const answer =
            step === 'delete'
              ? gql(server.url, DELETE_POST[kind], { id }, { token: author.token })
              : gql(
                  server.url,
                  MODERATE_ITEM,
                  { action: step, itemType: kind, itemId: id },
                  { token: moderator.token },
                );
          expect(await outcomeOf(answer), context).toBe(exists ? 'ok' : 'NOT_FOUND');
          if (step === 'delete') exists = false;
          await expectCountersExact(context);
        }
      }
    },
  );

  it('takes a deleted account’s comments, replies and reactions out of every counter, hidden or not', async () => {
    const [leaving, neighbour, other] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const story = await postStory(server, neighbour, '<p>Neighbour #leaving</p>');
    const thread = { itemType: 'stories' as const, itemId: story.id };
    // Their comment with others' replies, one of which hidden.
    const theirs = await addComment(server, leaving, thread);
    await addComment(server, other, thread, '<p>Under theirs</p>', theirs.id);
    const hiddenUnder = await addComment(server, other, thread, '<p>Hidden</p>', theirs.id);
    await moderate(server, moderator, 'hide', { itemType: 'comments', itemId: hiddenUnder.id });
    // Their own reply under their own comment.
    await addComment(server, leaving, thread, '<p>Self reply</p>', theirs.id);
    // Their replies under someone else's comment: shown, hidden, and under a hidden comment.
    const kept = await addComment(server, other, thread);
    await addComment(server, leaving, thread, '<p>Shown reply</p>', kept.id);
    const hiddenReply = await addComment(server, leaving, thread, '<p>Hidden</p>', kept.id);
    await moderate(server, moderator, 'hide', { itemType: 'comments', itemId: hiddenReply.id });
    const hiddenTop = await addComment(server, other, thread);
    await addComment(server, leaving, thread, '<p>Under hidden</p>', hiddenTop.id);
    await moderate(server, moderator, 'hide', { itemType: 'comments', itemId: hiddenTop.id });
    // A hidden comment of theirs on a solution, and reactions on the story and a comment.
    const solution = await postSolution(server, neighbour);
    const onSolution = await addComment(server, leaving, {
      itemType: 'solutions',
      itemId: solution.id,
    });
    await moderate(server, moderator, 'hide', { itemType: 'comments', itemId: onSolution.id });
    await react(server, leaving, { itemType: 'stories', itemId: story.id }, 'celebrate');
    await react(server, leaving, { itemType: 'comments', itemId: kept.id }, 'like');
    await react(server, other, { itemType: 'comments', itemId: kept.id }, 'like');
    await expectCountersExact('before the account is deleted');

    const deleted = await rest(server.url, 'DELETE', '/api/user/delete', undefined, leaving.token);
    expect(deleted.status).toBe(200);
    await expectCountersExact('after the account is deleted');
    const after = await gqlData<{ story: { counters: { totalComments: number } } }>(
      server.url,
      STORY,
      { id: story.id },
      { token: neighbour.token },
    );
    // Left: `kept` alone (the hidden comment's reply went with the account).
    expect(after.story.counters.totalComments).toBe(1);
  });
});
