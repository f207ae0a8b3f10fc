import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import { diffCounts, startCountingProxy, type CountingProxy } from '../helpers/count-proxy';
import { counterMismatches } from '../helpers/counters';
import {
  createPrivateSpace,
  postProblem,
  postSolution,
  postStory,
  setStatus,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { addComment } from '../helpers/factories/comments';
import {
  listMyReactions,
  listReactors,
  MY_REACTIONS,
  react,
  REACTORS,
  tryReact,
  unreact,
  UNREACT,
  type Reactable,
} from '../helpers/factories/reactions';
import { refusedAsMissing } from '../helpers/refusals';
import {
  createTestDatabase,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers/server';

let server: TestServer;
let author: TestUser;
let reader: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [author, reader, other] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Reader' }),
    signUpVerified(server, { displayName: 'Other' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

/** Stored reaction counters that disagree with the reaction rows (other features check theirs). */
const reactionCounterMismatches = async () =>
  (await counterMismatches(server.deps.db)).filter((row) => row.column === 'total_reactions');

const newStory = async (): Promise<Reactable> => ({
  itemType: 'stories',
  itemId: (await postStory(server, author, '<p>Rain came #water</p>')).id,
});

const STORY_REACTION = `query($id: ID!) { story(id: $id) {
  id reaction reacted reactionCounts { reaction count } counters { totalReactions } } }`;

describe('reacting', () => {
  it('asks a signed-out visitor to sign in, over GraphQL and REST', async () => {
    const story = await newStory();
    expect((await gqlError(server.url, UNREACT, { ...story })).code).toBe('UNAUTHENTICATED');
    expect((await tryReact(server, undefined, story, 'like')).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    const path = `stories/${story.itemId}`;
    for (const [route, body] of [
      ['/api/reactions/react', { path, reaction: 'like' }],
      ['/api/reactions/unreact', { path }],
    ] as const) {
      const answer = await rest(server.url, 'POST', route, body);
      expect(answer.status, route).toBe(401);
      expect(answer.body.error?.code).toBe('UNAUTHENTICATED');
    }
    expect((await rest(server.url, 'GET', '/api/reactions')).status).toBe(401);
    expect((await gqlError(server.url, MY_REACTIONS, {})).code).toBe('UNAUTHENTICATED');
  });

  it('counts a reaction, moves it when changed and takes it off on unreact', async () => {
    const story = await newStory();
    expect(await react(server, reader, story, 'like')).toEqual({
      ...story,
      reaction: 'like',
      totalReactions: 1,
      counts: [{ reaction: 'like', count: 1 }],
    });
    expect(await react(server, reader, story, 'happy')).toMatchObject({
      reaction: 'happy',
      totalReactions: 1,
      counts: [{ reaction: 'happy', count: 1 }],
    });
    // The same reaction again changes nothing.
    expect(await react(server, reader, story, 'happy')).toMatchObject({
      totalReactions: 1,
      counts: [{ reaction: 'happy', count: 1 }],
    });
    expect(await unreact(server, reader, story)).toEqual({
      ...story,
      reaction: null,
      totalReactions: 0,
      counts: [],
    });
    // Without a reaction, unreact changes nothing.
    expect(await unreact(server, reader, story)).toMatchObject({ totalReactions: 0, counts: [] });
    expect(await reactionCounterMismatches()).toEqual([]);
  });

  it('shows counts per kind in the picker’s order and each viewer their own reaction', async () => {
    const story = await newStory();
    await react(server, other, story, 'thinking');
    await react(server, reader, story, 'like');
    await react(server, author, story, 'thinking');
    const seenBy = async (token?: string) =>
      (
        await gqlData<{ story: unknown }>(
          server.url,
          STORY_REACTION,
          { id: story.itemId },
          { token },
        )
      ).story;
    expect(await seenBy(reader.token)).toEqual({
      id: story.itemId,
      reaction: 'like',
      reacted: true,
      reactionCounts: [
        { reaction: 'like', count: 1 },
        { reaction: 'thinking', count: 2 },
      ],
      counters: { totalReactions: 3 },
    });
    expect(await seenBy(undefined)).toMatchObject({ reaction: null, reacted: false });
    const feed = await gqlData<{ stories: { items: { id: string; reaction: string | null }[] } }>(
      server.url,
      'query { stories(first: 50) { items { id reaction reacted } } }',
      {},
      { token: reader.token },
    );
    expect(feed.stories.items.find((item) => item.id === story.itemId)).toEqual({
      id: story.itemId,
      reaction: 'like',
      reacted: true,
    });
  });

  it('reacts to problems, solutions and comments with their own counters', async () => {
    const problem = await postProblem(server, author, 'Dry wells');
    const solution = await postSolution(server, author, { problemId: problem.id });
    const story = await newStory();
    const comment = await addComment(server, author, { itemType: 'stories', itemId: story.itemId });
    const QUERY = `query($p: ID!, $s: ID!) {
      problem(id: $p) { reaction reacted reactionCounts { reaction count } counters { totalReactions } }
      solution(id: $s) { reaction reacted reactionCounts { reaction count } counters { totalReactions } } }`;
    await react(server, reader, { itemType: 'problems', itemId: problem.id }, 'sad');
    await react(server, reader, { itemType: 'solutions', itemId: solution.id }, 'celebrate');
    expect(
      await react(server, reader, { itemType: 'comments', itemId: comment.id }, 'angry'),
    ).toMatchObject({ totalReactions: 1, counts: [{ reaction: 'angry', count: 1 }] });
    const seen = await gqlData(
      server.url,
      QUERY,
      { p: problem.id, s: solution.id },
      { token: reader.token },
    );
    expect(seen).toEqual({
      problem: {
        reaction: 'sad',
        reacted: true,
        reactionCounts: [{ reaction: 'sad', count: 1 }],
        counters: { totalReactions: 1 },
      },
      solution: {
        reaction: 'celebrate',
        reacted: true,
        reactionCounts: [{ reaction: 'celebrate', count: 1 }],
        counters: { totalReactions: 1 },
      },
    });
    const thread = await gqlData<{ comments: { items: unknown[] } }>(
      server.url,
      `query($id: ID!) { comments(itemType: stories, itemId: $id) {
        items { id reaction reacted reactionCounts { reaction count } counters { totalReactions } } } }`,
      { id: story.itemId },
      { token: reader.token },
    );
    expect(thread.comments.items).toEqual([
      {
        id: comment.id,
        reaction: 'angry',
        reacted: true,
        reactionCounts: [{ reaction: 'angry', count: 1 }],
        counters: { totalReactions: 1 },
      },
    ]);
    const restThread = await rest<{ items: Record<string, unknown>[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories/${story.itemId}/comments`,
      undefined,
      reader.token,
    );
    expect(restThread.body.items[0]).toMatchObject({
      id: comment.id,
      reaction: 'angry',
      reacted: true,
      reactionCounts: [{ reaction: 'angry', count: 1 }],
      counters: { totalReplies: 0, totalReactions: 1 },
    });
    expect(await reactionCounterMismatches()).toEqual([]);
  });

  it('refuses an unknown reaction', async () => {
    const story = await newStory();
    expect((await tryReact(server, reader.token, story, 'love')).errors).toHaveLength(1);
    const answer = await rest(
      server.url,
      'POST',
      '/api/reactions/react',
      { path: `stories/${story.itemId}`, reaction: 'love' },
      reader.token,
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      success: false,
      error: { code: 'BAD_USER_INPUT', message: 'Choose a reaction', field: 'reaction' },
    });
  });

  it('answers NOT_FOUND for a draft, a missing item and a path that names no reactable item', async () => {
    const draft = await postStory(server, author, '<p>Not yet #water</p>', { isDraft: true });
    const refused = refusedAsMissing(() => ({ server, token: author.token }));
    await refused.graphql(
      'mutation($id: ID!) { react(itemType: stories, itemId: $id, reaction: like) { totalReactions } }',
      { id: draft.id },
    );
    await refused.graphql(
      'mutation { react(itemType: comments, itemId: "missing", reaction: like) { totalReactions } }',
      {},
    );
    for (const path of ['skills/any', 'stories', 'stories/missing', 'tags/water', 42]) {
      await refused.rest('POST', '/api/reactions/react', { path, reaction: 'like' });
      await refused.rest('POST', '/api/reactions/unreact', { path });
    }
  });
});

describe('concurrent reactions', () => {
  it('counts 50 people reacting at once, then switching and unreacting at once, exactly', async () => {
    const people = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        signUpVerified(server, { displayName: `Crowd ${index}` }),
      ),
    );
    const story = await newStory();
    await Promise.all(people.map((person) => react(server, person, story, 'like')));
    expect((await listReactors(server, story, { first: 1 })).items).toHaveLength(1);
    const first = await gqlData<{ story: { counters: { totalReactions: number } } }>(
      server.url,
      STORY_REACTION,
      { id: story.itemId },
    );
    expect(first.story).toMatchObject({
      counters: { totalReactions: 50 },
      reactionCounts: [{ reaction: 'like', count: 50 }],
    });

    // Half switch to sad (some twice over), the other half unreact, all at once.
    await Promise.all(
      people.flatMap((person, index) =>
        index % 2 === 0
          ? [react(server, person, story, 'sad'), react(server, person, story, 'sad')]
          : [unreact(server, person, story)],
      ),
    );
    const after = await gqlData<{ story: unknown }>(server.url, STORY_REACTION, {
      id: story.itemId,
    });
    expect(after.story).toMatchObject({
      counters: { totalReactions: 25 },
      reactionCounts: [{ reaction: 'sad', count: 25 }],
    });
    expect(await reactionCounterMismatches()).toEqual([]);
  });

  it('counts one person reacting with different kinds at once as one reaction', async () => {
    const story = await newStory();
    const kinds = ['like', 'happy', 'celebrate', 'dislike', 'sad', 'angry', 'thinking'] as const;
    const states = await Promise.all(kinds.map((kind) => react(server, reader, story, kind)));
    const last = await gqlData<{ story: { reaction: string; counters: unknown } }>(
      server.url,
      STORY_REACTION,
      { id: story.itemId },
      { token: reader.token },
    );
    expect(last.story.counters).toEqual({ totalReactions: 1 });
    expect(states.map((state) => state.reaction)).toContain(last.story.reaction);
    expect(await reactionCounterMismatches()).toEqual([]);
  });
});

describe('the reaction list', () => {
  it('lists who reacted, all and per kind, newest first', async () => {
    const story = await newStory();
    await react(server, reader, story, 'like');
    await react(server, other, story, 'happy');
    await react(server, author, story, 'like');
    const all = await listReactors(server, story);
    expect(all.items.map((row) => [row.user.displayName, row.reaction])).toEqual([
      ['Author', 'like'],
      ['Other', 'happy'],
      ['Reader', 'like'],
    ]);
    expect(all.items[0]).toEqual({
      user: { id: author.id, displayName: 'Author', photoURL: '', role: 'person' },
      reaction: 'like',
      createdAt: expect.any(String),
    });
    const likes = await listReactors(server, story, { reaction: 'like' });
    expect(likes.items.map((row) => row.user.id)).toEqual([author.id, reader.id]);
    const firstPage = await listReactors(server, story, { first: 2 });
    const secondPage = await listReactors(server, story, { first: 2, after: firstPage.last! });
    expect([...firstPage.items, ...secondPage.items].map((row) => row.user.id)).toEqual(
      all.items.map((row) => row.user.id),
    );
    expect(secondPage.last).toBeNull();
  });
});

describe('what I reacted to (/reactions)', () => {
  it('lists my reactions latest first, over GraphQL and REST', async () => {
    const me = await signUpVerified(server, { displayName: 'Collector' });
    const story = await newStory();
    const problem = await postProblem(server, author, 'Broken pump');
    const comment = await addComment(server, author, { itemType: 'stories', itemId: story.itemId });
    await react(server, me, story, 'like');
    await react(server, me, { itemType: 'problems', itemId: problem.id }, 'thinking');
    await react(server, me, { itemType: 'comments', itemId: comment.id }, 'happy');
    const mine = await listMyReactions(server, me);
    expect(mine.items.map((row) => [row.itemType, row.itemId, row.reaction])).toEqual([
      ['comments', comment.id, 'happy'],
      ['problems', problem.id, 'thinking'],
      ['stories', story.itemId, 'like'],
    ]);
    expect(mine.items[0]).toMatchObject({ comment: { id: comment.id }, story: null });
    // Posts come as the Post interface whatever their kind; a comment is none.
    expect(mine.items.map((row) => row.post)).toEqual([
      null,
      { __typename: 'Problem', id: problem.id },
      { __typename: 'Story', id: story.itemId },
    ]);

    const answer = await rest<{ items: Record<string, unknown>[] }>(
      server.url,
      'GET',
      '/api/reactions',
      undefined,
      me.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.items.map((row) => row.path)).toEqual([
      `stories/${story.itemId}/comments/${comment.id}`,
      `problems/${problem.id}`,
      `stories/${story.itemId}`,
    ]);
    expect(answer.body.items[2]).toEqual({
      itemType: 'stories',
      itemId: story.itemId,
      reaction: 'like',
      path: `stories/${story.itemId}`,
      when: expect.any(String),
      item: expect.objectContaining({ id: story.itemId, reaction: 'like', reacted: true }),
    });
  });
});

describe('REST rows', () => {
  it('reacts by path, answering the new state; previousReaction is not trusted', async () => {
    const problem = await postProblem(server, author, 'Muddy roads');
    const solution = await postSolution(server, author, { problemId: problem.id });
    const answer = await rest(
      server.url,
      'POST',
      '/api/reactions/react',
      {
        path: `problems/${problem.id}/solutions/${solution.id}`,
        reaction: 'like',
        previousReaction: 'sad',
      },
      reader.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      data: {
        itemType: 'solutions',
        itemId: solution.id,
        reaction: 'like',
        totalReactions: 1,
        counts: [{ reaction: 'like', count: 1 }],
      },
    });
    const unreacted = await rest(
      server.url,
      'POST',
      '/api/reactions/unreact',
      { path: `solutions/${solution.id}` },
      reader.token,
    );
    expect(unreacted.body).toEqual({
      success: true,
      data: {
        itemType: 'solutions',
        itemId: solution.id,
        reaction: null,
        totalReactions: 0,
        counts: [],
      },
    });
  });

  it('reacts to a comment and a reply by their paths', async () => {
    const story = await newStory();
    const thread = { itemType: 'stories' as const, itemId: story.itemId };
    const comment = await addComment(server, author, thread);
    const reply = await addComment(server, author, thread, '<p>Agreed</p>', comment.id);
    for (const [path, id] of [
      [`stories/${story.itemId}/comments/${comment.id}`, comment.id],
      [`stories/${story.itemId}/comments/${comment.id}/replies/${reply.id}`, reply.id],
    ] as const) {
      const answer = await rest(
        server.url,
        'POST',
        '/api/reactions/react',
        { path, reaction: 'celebrate' },
        reader.token,
      );
      expect(answer.body).toMatchObject({
        success: true,
        data: { itemType: 'comments', itemId: id },
      });
    }
  });

  it('carries the viewer’s reaction in story, problem and solution answers, get and list', async () => {
    const story = await newStory();
    const problem = await postProblem(server, author, 'Cold nights');
    const solution = await postSolution(server, author, { problemId: problem.id });
    await react(server, reader, story, 'happy');
    await react(server, reader, { itemType: 'problems', itemId: problem.id }, 'sad');
    await react(server, reader, { itemType: 'solutions', itemId: solution.id }, 'like');
    const get = (path: string, token?: string) =>
      rest<{ data: Record<string, unknown> }>(
        server.url,
        'GET',
        `/api/get/v2?path=${path}`,
        undefined,
        token,
      );
    expect((await get(`stories/${story.itemId}`, reader.token)).body.data).toMatchObject({
      reaction: 'happy',
      reacted: true,
      reactionCounts: [{ reaction: 'happy', count: 1 }],
      counters: { totalReactions: 1 },
    });
    expect((await get(`problems/${problem.id}`, reader.token)).body.data).toMatchObject({
      reaction: 'sad',
      reacted: true,
      counters: expect.objectContaining({ totalReactions: 1 }),
    });
    expect((await get(`solutions/${solution.id}`, reader.token)).body.data).toMatchObject({
      reaction: 'like',
      reacted: true,
      counters: expect.objectContaining({ totalReactions: 1 }),
    });
    expect((await get(`stories/${story.itemId}`)).body.data).toMatchObject({
      reaction: null,
      reacted: false,
    });
    const list = await rest<{ items: { id: string; reaction: string | null }[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
      undefined,
      reader.token,
    );
    expect(list.body.items.find((item) => item.id === story.itemId)?.reaction).toBe('happy');
  });
});

describe('privacy', () => {
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let secret: Reactable;
  let spaceId: string;

  beforeAll(async () => {
    [owner, member, outsider] = await Promise.all([
      signUpVerified(server, { displayName: 'Owner' }),
      signUpVerified(server, { displayName: 'Member' }),
      signUpVerified(server, { displayName: 'Outsider' }),
    ]);
    spaceId = (
      await createPrivateSpace(server, owner, {
        members: [{ user: member, status: 'contributor' }],
      })
    ).id;
    const story = await postStory(server, owner, '<p>Inside #water</p>', { spaceId });
    secret = { itemType: 'stories', itemId: story.id };
    await react(server, member, secret, 'like');
  });

  it('hides a private item’s reactions and refuses reactions from outsiders as missing', async () => {
    for (const token of [outsider.token, undefined]) {
      const refused = refusedAsMissing(() => ({ server, token }));
      await refused.graphql(REACTORS, { ...secret });
    }
    const refused = refusedAsMissing(() => ({ server, token: outsider.token }));
    await refused.graphql(
      'mutation($id: ID!) { react(itemType: stories, itemId: $id, reaction: like) { totalReactions } }',
      { id: secret.itemId },
    );
    await refused.rest('POST', '/api/reactions/react', {
      path: `stories/${secret.itemId}`,
      reaction: 'like',
    });
    await refused.rest('POST', '/api/reactions/unreact', { path: `stories/${secret.itemId}` });
    expect((await listReactors(server, secret, { token: member.token })).items).toHaveLength(1);
  });

  it('drops an item from /reactions once I may no longer see it', async () => {
    expect((await listMyReactions(server, member)).items.map((row) => row.itemId)).toContain(
      secret.itemId,
    );
    await setStatus(server, owner, spaceId, member, 'blocked');
    expect((await listMyReactions(server, member)).items.map((row) => row.itemId)).not.toContain(
      secret.itemId,
    );
    const answer = await rest<{ items: { itemId: string }[] }>(
      server.url,
      'GET',
      '/api/reactions',
      undefined,
      member.token,
    );
    expect(answer.body.items.map((row) => row.itemId)).not.toContain(secret.itemId);
  });
});

describe('bad input', () => {
  it('refuses a bad cursor', async () => {
    const result = await gql(
      server.url,
      MY_REACTIONS,
      { after: 'nonsense' },
      { token: reader.token },
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the cost of viewer fields on a feed page (needs TEST_DATABASE_URL: statements are counted on the wire)',
  () => {
    let counted: TestServer;
    let proxy: CountingProxy;
    let dropDatabase: () => Promise<void>;
    let viewer: TestUser;
    const FEED = `query($first: Int) { stories(first: $first) { items {
      id reaction reacted reactionCounts { reaction count } bookmarked author { id } } last } }`;

    beforeAll(async () => {
      const database = (await createTestDatabase())!;
      dropDatabase = () => database.drop();
      proxy = await startCountingProxy(database.url);
      counted = await startTestServerOn(proxy.url);
      viewer = await signUpVerified(counted, { displayName: 'Viewer' });
      const writer = await signUpVerified(counted, { displayName: 'Writer' });
      for (let index = 0; index < 20; index++) {
        const story = await postStory(counted, writer, `<p>Story ${index} #water</p>`);
        await react(counted, viewer, { itemType: 'stories', itemId: story.id }, 'like');
        await gqlData(
          counted.url,
          'mutation($id: ID!) { bookmark(itemType: stories, itemId: $id) }',
          { id: story.id },
          { token: viewer.token },
        );
      }
    });
    afterAll(async () => {
      await counted?.stop();
      await proxy?.close();
      await dropDatabase?.();
    });

    async function statementsForPage(first: number) {
      const before = proxy.snapshot();
      const page = await gqlData<{
        stories: { items: { reaction: string; bookmarked: boolean }[] };
      }>(counted.url, FEED, { first }, { token: viewer.token });
      expect(page.stories.items.every((item) => item.reaction === 'like' && item.bookmarked)).toBe(
        true,
      );
      const delta = diffCounts(proxy.snapshot(), before);
      return delta.execute + delta.query;
    }

    it('costs the same statements for 5 stories as for 20', async () => {
      await statementsForPage(5); // prepares the statements once
      expect(await statementsForPage(20)).toBe(await statementsForPage(5));
    });
  },
);
