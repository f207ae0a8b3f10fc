import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  bookmark,
  BOOKMARK,
  listMyBookmarks,
  MY_BOOKMARKS,
  unbookmark,
} from '../helpers/factories/bookmarks';
import {
  createPrivateSpace,
  postProblem,
  postSkill,
  postSolution,
  postStory,
  setStatus,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { refusedAsMissing } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [author, reader] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Reader' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const storyId = async () => (await postStory(server, author, '<p>Seeds #water</p>')).id;

describe('bookmarking', () => {
  it('asks a signed-out visitor to sign in, over GraphQL and REST', async () => {
    const id = await storyId();
    expect((await gqlError(server.url, BOOKMARK, { itemType: 'stories', itemId: id })).code).toBe(
      'UNAUTHENTICATED',
    );
    for (const route of ['/api/bookmarks/bookmark', '/api/bookmarks/unbookmark']) {
      const answer = await rest(server.url, 'POST', route, { path: `stories/${id}` });
      expect(answer.status, route).toBe(401);
    }
    expect((await rest(server.url, 'GET', '/api/bookmarks')).status).toBe(401);
    expect((await gqlError(server.url, MY_BOOKMARKS, {})).code).toBe('UNAUTHENTICATED');
  });

  it('bookmarks and unbookmarks each kind, shown as `bookmarked` to the viewer only', async () => {
    const story = await storyId();
    const problem = await postProblem(server, author, 'Leaky roofs');
    const solution = await postSolution(server, author, { problemId: problem.id });
    const skill = await postSkill(server, author);
    const QUERY = `query($st: ID!, $p: ID!, $so: ID!, $sk: ID!) {
      story(id: $st) { bookmarked } problem(id: $p) { bookmarked }
      solution(id: $so) { bookmarked } skill(id: $sk) { bookmarked } }`;
    const ids = { st: story, p: problem.id, so: solution.id, sk: skill.id };
    const marks = async (token?: string) =>
      gqlData<Record<string, { bookmarked: boolean }>>(server.url, QUERY, ids, { token });
    const none = {
      story: { bookmarked: false },
      problem: { bookmarked: false },
      solution: { bookmarked: false },
      skill: { bookmarked: false },
    };
    expect(await marks(reader.token)).toEqual(none);

    await bookmark(server, reader, { itemType: 'stories', itemId: story });
    await bookmark(server, reader, { itemType: 'problems', itemId: problem.id });
    await bookmark(server, reader, { itemType: 'solutions', itemId: solution.id });
    await bookmark(server, reader, { itemType: 'skills', itemId: skill.id });
    // Twice is still one bookmark.
    await bookmark(server, reader, { itemType: 'skills', itemId: skill.id });
    const all = {
      story: { bookmarked: true },
      problem: { bookmarked: true },
      solution: { bookmarked: true },
      skill: { bookmarked: true },
    };
    expect(await marks(reader.token)).toEqual(all);
    expect(await marks(author.token)).toEqual(none);
    expect(await marks(undefined)).toEqual(none);

    const mine = await listMyBookmarks(server, reader);
    expect(mine.items.map((row) => [row.itemType, row.itemId])).toEqual([
      ['skills', skill.id],
      ['solutions', solution.id],
      ['problems', problem.id],
      ['stories', story],
    ]);
    expect(mine.items[0]).toMatchObject({
      skill: { id: skill.id, bookmarked: true },
      story: null,
    });
    // Every kind also comes as the Post interface, typed and with its shared fields.
    expect(mine.items.map((row) => row.post)).toEqual([
      { __typename: 'Skill', id: skill.id, author: { id: author.id } },
      { __typename: 'Solution', id: solution.id, author: { id: author.id } },
      { __typename: 'Problem', id: problem.id, author: { id: author.id } },
      { __typename: 'Story', id: story, author: { id: author.id } },
    ]);

    await unbookmark(server, reader, { itemType: 'skills', itemId: skill.id });
    await unbookmark(server, reader, { itemType: 'skills', itemId: skill.id });
    expect((await marks(reader.token)).skill).toEqual({ bookmarked: false });
    expect((await listMyBookmarks(server, reader)).items).toHaveLength(3);
  });

  it('reads every kind’s rich text as `text` through the Post interface', async () => {
    const [reader2, story, problem, solution, skill] = await Promise.all([
      signUpVerified(server, { displayName: 'Text reader' }),
      postStory(server, author, '<p>A story of wells #water</p>'),
      postProblem(server, author, 'Dry wells'),
      postSolution(server, author),
      postSkill(server, author),
    ]);
    for (const [itemType, itemId] of [
      ['stories', story.id],
      ['problems', problem.id],
      ['solutions', solution.id],
      ['skills', skill.id],
    ] as const)
      await bookmark(server, reader2, { itemType, itemId });
    const TEXTS = `query($st: ID!, $p: ID!, $so: ID!, $sk: ID!) {
      myBookmarks(first: 10) { edges { node { post { id text } } } }
      story(id: $st) { story } problem(id: $p) { description }
      solution(id: $so) { description } skill(id: $sk) { description } }`;
    const data = await gqlData<{
      myBookmarks: { edges: { node: { post: { id: string; text: string } } }[] };
      story: { story: string };
      problem: { description: string };
      solution: { description: string };
      skill: { description: string };
    }>(
      server.url,
      TEXTS,
      { st: story.id, p: problem.id, so: solution.id, sk: skill.id },
      { token: reader2.token },
    );
    expect(data.myBookmarks.edges.map(({ node }) => node.post)).toEqual([
      { id: skill.id, text: data.skill.description },
      { id: solution.id, text: data.solution.description },
      { id: problem.id, text: data.problem.description },
      { id: story.id, text: data.story.story },
    ]);
    expect(data.story.story).toContain('A story of wells');
  });

  it('pages my bookmarks newest first', async () => {
    const me = await signUpVerified(server);
    const ids = [await storyId(), await storyId(), await storyId()];
    for (const id of ids) await bookmark(server, me, { itemType: 'stories', itemId: id });
    const first = await listMyBookmarks(server, me, { first: 2 });
    const second = await listMyBookmarks(server, me, { first: 2, after: first.last! });
    expect([...first.items, ...second.items].map((row) => row.itemId)).toEqual(ids.reverse());
    expect(second.last).toBeNull();
  });
});

describe('REST rows', () => {
  it('bookmarks by path, answers { success } and lists /bookmarks with each item', async () => {
    const me = await signUpVerified(server);
    const problem = await postProblem(server, author, 'Flooded fields');
    const solution = await postSolution(server, author, { problemId: problem.id });
    const skill = await postSkill(server, author);
    for (const path of [
      `problems/${problem.id}`,
      `problems/${problem.id}/solutions/${solution.id}`,
      `skills/${skill.id}`,
    ]) {
      const answer = await rest(server.url, 'POST', '/api/bookmarks/bookmark', { path }, me.token);
      expect(answer.status, path).toBe(200);
      expect(answer.body).toEqual({ success: true });
    }
    const list = await rest<{ items: Record<string, unknown>[] }>(
      server.url,
      'GET',
      '/api/bookmarks',
      undefined,
      me.token,
    );
    expect(list.body.success).toBe(true);
    expect(list.body.items.map((row) => row.path)).toEqual([
      `skills/${skill.id}`,
      `solutions/${solution.id}`,
      `problems/${problem.id}`,
    ]);
    expect(list.body.items[0]).toEqual({
      itemType: 'skills',
      itemId: skill.id,
      path: `skills/${skill.id}`,
      when: expect.any(String),
      item: expect.objectContaining({ id: skill.id, bookmarked: true }),
    });

    const answer = await rest(
      server.url,
      'POST',
      '/api/bookmarks/unbookmark',
      { path: `skills/${skill.id}` },
      me.token,
    );
    expect(answer.body).toEqual({ success: true });
    const get = await rest<{ data: { bookmarked: boolean } }>(
      server.url,
      'GET',
      `/api/get/v2?path=skills/${skill.id}`,
      undefined,
      me.token,
    );
    expect(get.body.data.bookmarked).toBe(false);
  });

  it('carries `bookmarked` in get and list answers of every kind', async () => {
    const me = await signUpVerified(server);
    const story = await storyId();
    const problem = await postProblem(server, author, 'Dusty air');
    const solution = await postSolution(server, author, { problemId: problem.id });
    for (const [itemType, itemId] of [
      ['stories', story],
      ['problems', problem.id],
      ['solutions', solution.id],
    ] as const)
      await bookmark(server, me, { itemType, itemId });
    for (const path of [`stories/${story}`, `problems/${problem.id}`, `solutions/${solution.id}`]) {
      const get = await rest<{ data: { bookmarked: boolean } }>(
        server.url,
        'GET',
        `/api/get/v2?path=${path}`,
        undefined,
        me.token,
      );
      expect(get.body.data.bookmarked, path).toBe(true);
    }
    for (const [collection, id] of [
      ['stories', story],
      ['problems', problem.id],
      ['solutions', solution.id],
    ]) {
      const list = await rest<{ items: { id: string; bookmarked: boolean }[] }>(
        server.url,
        'GET',
        `/api/list/v2?path=${collection}`,
        undefined,
        me.token,
      );
      expect(list.body.items.find((item) => item.id === id)?.bookmarked, collection).toBe(true);
    }
  });

  it('answers 404 for a path that names nothing bookmarkable', async () => {
    const refused = refusedAsMissing(() => ({ server, token: reader.token }));
    for (const path of ['stories/missing', 'stories', 'stories/x/comments/y', 'tags/water', null]) {
      await refused.rest('POST', '/api/bookmarks/bookmark', { path });
      await refused.rest('POST', '/api/bookmarks/unbookmark', { path });
    }
  });
});

describe('privacy', () => {
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let spaceId: string;
  let secret: string;

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
    secret = (await postStory(server, owner, '<p>Inside #water</p>', { spaceId })).id;
  });

  it('refuses an outsider’s bookmark of a private item as missing', async () => {
    const refused = refusedAsMissing(() => ({ server, token: outsider.token }));
    await refused.graphql(BOOKMARK, { itemType: 'stories', itemId: secret });
    await refused.rest('POST', '/api/bookmarks/bookmark', { path: `stories/${secret}` });
    await refused.rest('POST', '/api/bookmarks/unbookmark', { path: `stories/${secret}` });
  });

  it('drops a bookmark from my list once I am removed from its space', async () => {
    await bookmark(server, member, { itemType: 'stories', itemId: secret });
    expect((await listMyBookmarks(server, member)).items.map((row) => row.itemId)).toEqual([
      secret,
    ]);
    await setStatus(server, owner, spaceId, member, 'blocked');
    expect((await listMyBookmarks(server, member)).items).toEqual([]);
    const list = await rest<{ items: unknown[] }>(
      server.url,
      'GET',
      '/api/bookmarks',
      undefined,
      member.token,
    );
    expect(list.body.items).toEqual([]);
  });

  it('drops a bookmark of a post turned back into a draft', async () => {
    const me = await signUpVerified(server);
    const problem = await postProblem(server, author, 'Noisy pumps');
    await bookmark(server, me, { itemType: 'problems', itemId: problem.id });
    await gqlData(
      server.url,
      'mutation($id: ID!) { updateProblem(id: $id, input: { isDraft: true }) { id } }',
      { id: problem.id },
      { token: author.token },
    );
    expect((await listMyBookmarks(server, me)).items).toEqual([]);
  });
});
