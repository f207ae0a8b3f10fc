import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems, stories } from '../../server/src/db/schema';
import { gql, gqlData, gqlError, rest, subscribe } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  CREATE_STORY,
  createPrivateSpace,
  followTag,
  followTags,
  insertProblem,
  postStory,
  storyIds,
  type StoryView,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const totalStoriesOf = async (problemId: string) => {
  const [row] = await server.deps.db
    .select({ totalStories: problems.totalStories })
    .from(problems)
    .where(eq(problems.id, problemId));
  return row?.totalStories;
};
const STORY = `query($id: ID!) { story(id: $id) { id problemId problemName } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateStoryInput!) { updateStory(id: $id, input: $input) { id isDraft } }`;
const DELETE = `mutation($id: ID!) { deleteStory(id: $id) }`;

describe('stories posted to a problem', () => {
  it('keeps a problem story off the space feed, the following feed and tag pages, and shows it on the problem', async () => {
    const problemId = await insertProblem(server, bob, {
      tags: ['probfeed'],
      name: 'Dirty wells',
    });
    const story = await postStory(server, alice, '<p>We saw it #probfeed</p>', {
      problemId,
    });
    expect(story).toMatchObject({
      problemId,
      problemName: 'Dirty wells',
      spaceId: 'ww',
    });

    await followTag(server, carol, 'probfeed');
    expect(await storyIds(server, {})).not.toContain(story.id);
    expect(await storyIds(server, { list: 'following' }, carol.token)).not.toContain(story.id);
    expect(await storyIds(server, { tags: ['probfeed'] })).not.toContain(story.id);
    const tagStories = await gqlData<{
      tagStories: { items: { id: string }[] };
    }>(server.url, `query { tagStories(tag: "probfeed") { items { id } } }`);
    expect(tagStories.tagStories.items.map((item) => item.id)).not.toContain(story.id);

    // The problem's Stories tab shows it to every reader, signed out too.
    expect(await storyIds(server, { problemId })).toEqual([story.id]);
    expect(await storyIds(server, { problemId }, carol.token)).toEqual([story.id]);
    const single = await gqlData<{ story: { problemName: string } }>(server.url, STORY, {
      id: story.id,
    });
    expect(single.story.problemName).toBe('Dirty wells');
  });

  it('counts the problem story on the problem: post, unpublish, publish and delete move it by one', async () => {
    const problemId = await insertProblem(server, bob);
    expect(await totalStoriesOf(problemId)).toBe(0);
    const story = await postStory(server, alice, '<p>Counted #counting</p>', { problemId });
    expect(await totalStoriesOf(problemId)).toBe(1);
    await gqlData(
      server.url,
      UPDATE,
      { id: story.id, input: { isDraft: true } },
      { token: alice.token },
    );
    expect(await totalStoriesOf(problemId)).toBe(0);
    await gqlData(
      server.url,
      UPDATE,
      { id: story.id, input: { isDraft: false } },
      { token: alice.token },
    );
    expect(await totalStoriesOf(problemId)).toBe(1);
    const draft = await postStory(server, alice, '<p>Draft #counting</p>', {
      problemId,
      isDraft: true,
    });
    expect(await totalStoriesOf(problemId)).toBe(1);
    await gqlData(server.url, DELETE, { id: story.id }, { token: alice.token });
    await gqlData(server.url, DELETE, { id: draft.id }, { token: alice.token });
    expect(await totalStoriesOf(problemId)).toBe(0);
  });

  it('moves a story off its problem into the space feed, and onto another problem', async () => {
    const first = await insertProblem(server, bob);
    const second = await insertProblem(server, bob);
    const story = await postStory(server, alice, '<p>Moving #moving</p>', {
      problemId: first,
    });
    const MOVE = `mutation($id: ID!, $input: UpdateStoryInput!) { updateStory(id: $id, input: $input) { id problemId } }`;
    await gqlData(
      server.url,
      MOVE,
      { id: story.id, input: { problemId: second } },
      { token: alice.token },
    );
    expect([await totalStoriesOf(first), await totalStoriesOf(second)]).toEqual([0, 1]);
    expect(await storyIds(server, { problemId: second })).toEqual([story.id]);
    await gqlData(
      server.url,
      MOVE,
      { id: story.id, input: { problemId: null } },
      { token: alice.token },
    );
    expect(await totalStoriesOf(second)).toBe(0);
    expect(await storyIds(server, {})).toContain(story.id);
    const tag = await gqlData<{ tag: { counters: { totalStories: number } } }>(
      server.url,
      `query { tag(id: "moving") { counters { totalStories } } }`,
    );
    expect(tag.tag.counters.totalStories).toBe(1);
  });

  it('refuses a problem the poster cannot read as not found, and stores nothing', async () => {
    const privateSpace = (await createPrivateSpace(server, bob)).id;
    const hidden = await insertProblem(server, bob, { spaceId: privateSpace });
    const draftProblem = await insertProblem(server, bob, { isDraft: true });
    for (const problemId of [hidden, draftProblem, 'no-such-problem']) {
      expect(
        await gqlError(
          server.url,
          CREATE_STORY,
          { input: { story: '<p>Sneaky #sneak</p>', problemId } },
          { token: alice.token },
        ),
      ).toMatchObject({ code: 'NOT_FOUND', message: 'Item has been deleted' });
    }
    const rows = await server.deps.db.select().from(stories).where(eq(stories.problemId, hidden));
    expect(rows).toHaveLength(0);
    expect(await totalStoriesOf(hidden)).toBe(0);
  });

  it("refuses even the problem's author once blocked from its private space, as the problems feature does", async () => {
    const privateSpace = (
      await createPrivateSpace(server, bob, { members: [{ user: alice, status: 'blocked' }] })
    ).id;
    const own = await insertProblem(server, alice, { spaceId: privateSpace });
    expect(
      await gqlError(
        server.url,
        CREATE_STORY,
        { input: { story: '<p>Still mine? #left</p>', problemId: own } },
        { token: alice.token },
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const rows = await server.deps.db.select().from(stories).where(eq(stories.problemId, own));
    expect(rows).toHaveLength(0);
  });

  it('puts a story on a private problem into that space, visible to its participants only', async () => {
    const privateSpace = (
      await createPrivateSpace(server, bob, {
        members: [
          { user: alice, status: 'contributor' },
          { user: carol, status: 'invited' },
        ],
      })
    ).id;
    const problemId = await insertProblem(server, bob, {
      spaceId: privateSpace,
      name: 'Secret well',
    });
    const story = await postStory(server, alice, '<p>Inside #secretwell</p>', {
      problemId,
    });
    expect(story.spaceId).toBe(privateSpace);
    expect(await storyIds(server, { problemId }, bob.token)).toEqual([story.id]);
    // An invited user, an outsider and a signed-out visitor see neither the problem nor its story.
    for (const token of [carol.token, undefined]) {
      expect(await gqlError(server.url, STORY, { id: story.id }, { token })).toMatchObject({
        code: 'NOT_FOUND',
      });
      const result = await gql(
        server.url,
        `query($p: ID) { stories(problemId: $p) { items { id } } }`,
        { p: problemId },
        { token },
      );
      expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('does not announce a problem story on the space’s live feed', async () => {
    const problemId = await insertProblem(server, bob);
    const live = await subscribe<{ storyAdded: { id: string } }>(
      server.url,
      `subscription { storyAdded(spaceId: "ww") { id } }`,
      {},
      { token: carol.token },
    );
    try {
      await postStory(server, alice, '<p>Quiet #quietlive</p>', { problemId });
      const open = await postStory(server, alice, '<p>Loud #quietlive</p>');
      // Events arrive in order, so an announced problem story would come first.
      const [first] = await live.take(1);
      expect(first?.storyAdded.id).toBe(open.id);
    } finally {
      await live.close();
    }
  });

  it('takes { data, problemId } over REST and presents problemId and problemName', async () => {
    const problemId = await insertProblem(server, bob, { name: 'REST well' });
    const response = await rest<{ data: StoryView }>(
      server.url,
      'POST',
      '/api/stories',
      { data: { story: '<p>Over REST #restwell</p>' }, problemId },
      alice.token,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      data: { problemId, problemName: 'REST well', spaceId: 'ww' },
    });
    expect(await totalStoriesOf(problemId)).toBe(1);
  });
});

describe('story sorts and time ranges', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    const spaceId = (await createPrivateSpace(server, alice)).id;
    const posted: StoryView[] = [];
    for (let index = 0; index < 5; index++) {
      posted.push(await postStory(server, alice, `<p>Story ${index} #sorting</p>`, { spaceId }));
    }
    ids = posted.map((story) => story.id);
    const counters = [
      { reactions: 3, comments: 0, daysAgo: 0 },
      { reactions: 9, comments: 2, daysAgo: 3 },
      { reactions: 3, comments: 5, daysAgo: 20 },
      { reactions: 0, comments: 5, daysAgo: 100 },
      { reactions: 1, comments: 1, daysAgo: 400 },
    ];
    for (const [index, value] of counters.entries()) {
      await server.deps.db
        .update(stories)
        .set({
          totalReactions: value.reactions,
          totalComments: value.comments,
          createdAt: new Date(Date.now() - value.daysAgo * 86_400_000 - index * 1000),
        })
        .where(eq(stories.id, ids[index]!));
    }
    sortSpace = spaceId;
  });
  let sortSpace = '';

  /** Walks every page of two stories, proving the keyset cursor continues in order. */
  async function allPages(variables: Record<string, unknown>) {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const data: {
        stories: { items: { id: string }[]; last: string | null };
      } = await gqlData(
        server.url,
        `query($spaceId: ID, $orderBy: StorySort, $timeRange: TimeRange, $after: String) {
          stories(spaceId: $spaceId, orderBy: $orderBy, timeRange: $timeRange, after: $after, first: 2) { items { id } last } }`,
        { spaceId: sortSpace, after, ...variables },
        { token: alice.token },
      );
      seen.push(...data.stories.items.map((item) => item.id));
      after = data.stories.last;
    } while (after);
    return seen;
  }

  it('lists newest first by default', async () => {
    expect(await allPages({})).toEqual(ids);
  });

  it('sorts by reactions, ties broken the same way on every page', async () => {
    const byReactions = await allPages({ orderBy: 'reactions' });
    expect(byReactions[0]).toBe(ids[1]);
    expect(byReactions.slice(1, 3).sort()).toEqual([ids[0], ids[2]].sort());
    expect(byReactions.slice(3)).toEqual([ids[4], ids[3]]);
  });

  it('sorts by comments', async () => {
    const byComments = await allPages({ orderBy: 'comments' });
    expect(byComments.slice(0, 2).sort()).toEqual([ids[2], ids[3]].sort());
    expect(byComments.slice(2)).toEqual([ids[1], ids[4], ids[0]]);
  });

  it('filters by time range', async () => {
    expect(await allPages({ timeRange: 'last24hours' })).toEqual([ids[0]]);
    expect(await allPages({ timeRange: 'last7days' })).toEqual(ids.slice(0, 2));
    expect(await allPages({ timeRange: 'last30days' })).toEqual(ids.slice(0, 3));
    expect(await allPages({ timeRange: 'last6months' })).toEqual(ids.slice(0, 4));
    expect(await allPages({ timeRange: 'alltime' })).toEqual(ids);
  });

  it('takes a custom window and refuses an end before the start', async () => {
    const startDate = new Date(Date.now() - 25 * 86_400_000).toISOString();
    const endDate = new Date(Date.now() - 86_400_000).toISOString();
    expect(await storyIds(server, { spaceId: sortSpace, startDate, endDate }, alice.token)).toEqual(
      [ids[1], ids[2]],
    );
    expect(
      await gqlError(
        server.url,
        `query($s: DateTimeISO, $e: DateTimeISO) { stories(startDate: $s, endDate: $e) { last } }`,
        { s: endDate, e: startDate },
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'End date cannot be before start date',
    });
  });

  it('refuses an unknown time range', async () => {
    expect(
      await gqlError(server.url, `query { stories(timeRange: lastcentury) { last } }`),
    ).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
    });
    const response = await rest<{ success: boolean; error: { code: string; field: string } }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories&spaceId=${sortSpace}&timeRange=lastcentury`,
    );
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      success: false,
      error: { code: 'BAD_USER_INPUT', field: 'timeRange' },
    });
  });

  it('sorts and filters by tag over REST /list/v2', async () => {
    const response = await rest<{
      items: { id: string }[];
      last: string | null;
    }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories&spaceId=${sortSpace}&orderBy=reactions&tags=%23Sorting&results=2`,
      undefined,
      alice.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.items.map((item) => item.id)[0]).toBe(ids[1]);
    expect(typeof response.body.last).toBe('string');
    const comments = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories&spaceId=${sortSpace}&orderBy=comments&tags=nothing-here`,
      undefined,
      alice.token,
    );
    expect(comments.body).toEqual({ success: true, items: [], last: null, lastScannedWhen: null });
  });
});

describe('the following feed', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(await gqlError(server.url, `query { stories(list: following) { last } }`)).toMatchObject(
      {
        code: 'UNAUTHENTICATED',
      },
    );
  });

  it('is empty until the viewer follows tags, then shows stories with a followed tag', async () => {
    const dave = await signUpVerified(server, { displayName: 'Dave' });
    const spaceId = (
      await createPrivateSpace(server, alice, { members: [{ user: dave, status: 'contributor' }] })
    ).id;
    const kites = await postStory(server, alice, '<p>Flying #kites</p>', { spaceId });
    const boats = await postStory(server, alice, '<p>Sailing #boats</p>', { spaceId });
    await postStory(server, alice, '<p>A draft #kites</p>', {
      spaceId,
      isDraft: true,
    });
    expect(await storyIds(server, { list: 'following', spaceId }, dave.token)).toEqual([]);
    await followTag(server, dave, '#Kites');
    expect(await storyIds(server, { list: 'following', spaceId }, dave.token)).toEqual([kites.id]);
    await followTags(server, dave, ['kites', 'boats']);
    expect(await storyIds(server, { list: 'following', spaceId }, dave.token)).toEqual([
      boats.id,
      kites.id,
    ]);
    // Other spaces' stories stay out of this space's following feed.
    expect(await storyIds(server, { list: 'following' }, dave.token)).not.toContain(kites.id);
  });
});
