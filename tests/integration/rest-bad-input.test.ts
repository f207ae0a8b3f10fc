import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  postStory,
  signUpVerified,
  type TestUser,
  postProblem,
  postSkill,
  postSolution,
  addParticipant,
  createPrivateSpace,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Bad input answers 4xx in the error shape, never 500 (issue 7): each test is one cause the issue
 * lists or the fuzz test (fuzz.test.ts) found, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL (their drivers refuse a NUL byte in different ways).
 */
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let spaceId: string;
let storyId: string;
let problemId: string;
let skillId: string;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice Input' }),
    signUpVerified(server, { displayName: 'Bob Input' }),
  ]);
  spaceId = (await createPrivateSpace(server, alice)).id;
  await addParticipant(server, alice, spaceId, bob);
  storyId = (await postStory(server, alice, '<p>Wells run dry #water</p>')).id;
  await postStory(server, alice, '<p>Wells run dry again #water</p>');
  problemId = (await postProblem(server, alice, 'Dry wells')).id;
  await postSolution(server, alice, { problemId });
  skillId = (await postSkill(server, alice)).id;
  // The alert list only reads its cursor when the viewer has alerts.
  await gqlData(server.url, 'mutation { setNotificationTags(tags: ["water"]) }', undefined, {
    token: alice.token,
  });
});
afterAll(async () => {
  await server?.stop();
});

const errorBody = (code: string, message: string, field: string | null = null) => ({
  success: false,
  error: { code, message, field },
});

/** A request with a body sent exactly as given, for bodies JSON.stringify would never write. */
async function raw(
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string>,
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${alice.token}`, ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('request bodies', () => {
  it('answers 413 for a body over 1 MB, as GraphQL does', async () => {
    const body = JSON.stringify({ data: { story: `<p>${'x'.repeat(1_100_000)} #big</p>` } });
    expect(await raw('POST', '/api/stories', body, JSON_TYPE)).toEqual({
      status: 413,
      body: errorBody('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB'),
    });
  });

  it('answers 400 for a body declared gzip that is not, and for a charset other than UTF-8', async () => {
    const body = JSON.stringify({ data: { story: '<p>Hello #water</p>' } });
    for (const headers of [
      { ...JSON_TYPE, 'content-encoding': 'gzip' },
      { 'content-type': 'application/json; charset=latin1' },
    ]) {
      expect(await raw('POST', '/api/stories', body, headers)).toEqual({
        status: 400,
        body: errorBody('BAD_REQUEST', 'The request is malformed'),
      });
    }
  });

  it('answers 400 for a JSON body that is a string, a number or null', async () => {
    for (const body of ['"story"', '42', 'null']) {
      expect(await raw('POST', '/api/stories', body, JSON_TYPE)).toEqual({
        status: 400,
        body: errorBody('BAD_REQUEST', 'The request body is not valid JSON'),
      });
    }
  });

  it('takes an array body as one without fields: 422 naming the missing field', async () => {
    const answer = await rest(server.url, 'POST', '/api/stories', [1, 2], alice.token);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ success: false, error: { code: 'BAD_USER_INPUT' } });
  });

  it('answers 422 for a number where text is expected, and text where a boolean is', async () => {
    const story = await rest(
      server.url,
      'POST',
      '/api/stories',
      { data: { story: 5 } },
      alice.token,
    );
    expect(story.status).toBe(422);
    expect(story.body.error).toMatchObject({ code: 'BAD_USER_INPUT' });
    const favorite = await rest(
      server.url,
      'POST',
      '/api/spaces/favorite',
      { customSpaceId: spaceId, favorite: 'true' },
      alice.token,
    );
    expect(favorite.status).toBe(422);
    expect(favorite.body.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'favorite' });
  });

  it('refuses a tag given as an object without a text form with 422, not 500', async () => {
    // String() of { toString: 'x' } throws: the route once turned the tag into text itself.
    for (const path of ['/api/tags/follow', '/api/tags/unfollow']) {
      const answer = await rest(server.url, 'POST', path, { id: { toString: 'x' } }, alice.token);
      expect(answer.status, path).toBe(422);
      expect(answer.body).toEqual(errorBody('BAD_USER_INPUT', 'Invalid tag', 'tag'));
    }
  });

  it('refuses a tag given as a number, where the tag is text', async () => {
    const answer = await rest(server.url, 'POST', '/api/tags/follow', { id: 42 }, alice.token);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'tag' });
  });
});

describe('NUL bytes, which PostgreSQL text cannot hold', () => {
  const invalidValue = errorBody('BAD_USER_INPUT', 'A value in the request is not valid');

  it('answers 422 for a NUL byte in a path id', async () => {
    for (const [method, path] of [
      ['PATCH', '/api/stories/a%00b'],
      ['DELETE', '/api/problems/%00'],
      ['POST', '/api/skills/x%00/join'],
      ['GET', '/api/spaces/%00/participants'],
    ] as const) {
      const body = method === 'GET' ? undefined : { data: {} };
      const answer = await rest(server.url, method, path, body, alice.token);
      expect(answer.status, `${method} ${path}`).toBe(422);
      expect(answer.body).toEqual(invalidValue);
    }
  });

  it('answers 422 for a NUL byte in a query parameter or a /get/v2 path', async () => {
    for (const path of [
      '/api/list/v2?path=stories&spaceId=%00',
      '/api/get/v2?path=stories/a%00b',
      '/api/autocomplete/search?collection=tags&searchParam=wa%00',
    ]) {
      const answer = await rest(server.url, 'GET', path, undefined, alice.token);
      expect(answer.status, path).toBe(422);
      expect(answer.body).toEqual(invalidValue);
    }
  });

  it('answers 4xx for a NUL byte in a JSON string', async () => {
    const answer = await rest(
      server.url,
      'POST',
      '/api/problems',
      { data: { name: 'Dry\u0000wells', description: '<p>Families walk far #water\u0000</p>' } },
      alice.token,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('URLs and query parameters', () => {
  it('answers 400 for %FF in a path segment', async () => {
    const answer = await rest(server.url, 'PATCH', '/api/stories/%FF', { data: {} }, alice.token);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(errorBody('BAD_REQUEST', 'The request is malformed'));
  });

  it('answers 404 "This page could not be found" for a path or method no row serves', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing/here'],
      ['GET', `/api/stories/${storyId}`],
      ['PATCH', '/apiv1/list/v2'],
    ] as const) {
      const answer = await rest(server.url, method, path, undefined, alice.token);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual(errorBody('NOT_FOUND', 'This page could not be found'));
    }
  });

  it('answers 404 for a /list/v2 or /get/v2 path naming no collection', async () => {
    for (const path of [
      '/api/list/v2?path=nothing',
      '/api/get/v2?path=nothing/1',
      '/api/list/v2',
    ]) {
      const answer = await rest(server.url, 'GET', path, undefined, alice.token);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers 422 on "results" when it is not a whole number', async () => {
    for (const path of [
      '/api/list/v2?path=stories&results=abc',
      '/api/list/v2?path=stories&results=1e3',
      `/api/spaces/${spaceId}/participants?results=many`,
    ]) {
      const answer = await rest(server.url, 'GET', path, undefined, alice.token);
      expect(answer.status, path).toBe(422);
      expect(answer.body).toEqual(
        errorBody('BAD_USER_INPUT', 'A value in the request is not valid', 'results'),
      );
    }
    const spec = await rest(server.url, 'GET', '/api/list/v2?path=stories&results=1000');
    expect(spec.status).toBe(200);
  });
});

describe('list cursors', () => {
  const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
  /** What a tampering client sends: each one a list must refuse before its SQL runs. */
  const crafted = {
    date: [
      cursorOf('n|5|x'),
      cursorOf('d|+275760-09-13T00:00:00.000Z|x'),
      cursorOf('d|-000001-01-01T00:00:00.000Z|x'),
      cursorOf('d|2025-01-01T00:00:00.000Z|a\u0000b'),
    ],
    count: [
      cursorOf('d|2025-01-01T00:00:00.000Z|x'),
      cursorOf('n|1e308|x'),
      cursorOf('n|2147483648|x'),
      cursorOf('n|5|a\u0000b'),
    ],
  };

  it('every REST list refuses a crafted cursor with 422 "Invalid cursor" on lastDocumentID', async () => {
    const lists: [string, 'date' | 'count'][] = [
      ['/api/list/v2?path=stories', 'date'],
      ['/api/list/v2?path=stories&orderBy=reactions', 'count'],
      ['/api/list/v2?path=problems', 'date'],
      ['/api/list/v2?path=problems&orderBy=participants', 'count'],
      ['/api/list/v2?path=solutions', 'date'],
      ['/api/list/v2?path=solutions&orderBy=upvotes', 'count'],
      ['/api/list/v2?path=skills', 'date'],
      ['/api/list/v2?path=tags', 'count'],
      ['/api/list/v2?path=tags&orderBy=recent', 'date'],
      [`/api/list/v2?path=participants&spaceId=${spaceId}`, 'date'],
      ['/api/list/v2?path=users&query=Input', 'date'],
      ['/api/problems?orderBy=recent', 'date'],
      [`/api/spaces/${spaceId}/participants?status=active`, 'date'],
    ];
    for (const [path, kind] of lists) {
      for (const cursor of crafted[kind]) {
        const answer = await rest(
          server.url,
          'GET',
          `${path}&lastDocumentID=${cursor}`,
          undefined,
          alice.token,
        );
        expect(answer.status, `${path} ${cursor}`).toBe(422);
        expect(answer.body).toEqual(
          errorBody('BAD_USER_INPUT', 'Invalid cursor', 'lastDocumentID'),
        );
      }
    }
  });

  it('every GraphQL list refuses a crafted cursor with "Invalid cursor" on after', async () => {
    const lists: [string, 'date' | 'count'][] = [
      ['stories(after: $after) { last }', 'date'],
      ['stories(after: $after, orderBy: comments) { last }', 'count'],
      ['problems(after: $after, orderBy: recentStatus) { last }', 'date'],
      ['problems(after: $after, orderBy: solutions) { last }', 'count'],
      ['problems(after: $after, list: mypriorities) { last }', 'count'],
      ['solutions(after: $after, orderBy: downvotes) { last }', 'count'],
      [`solutions(after: $after, problemId: "${problemId}") { last }`, 'date'],
      ['skills(after: $after) { last }', 'date'],
      [`skillMembers(after: $after, skillId: "${skillId}") { last }`, 'date'],
      ['mySpaces(after: $after) { last }', 'date'],
      ['countrySpaces(after: $after) { last }', 'count'],
      [`participants(after: $after, spaceId: "${spaceId}") { last }`, 'date'],
      ['searchUsers(after: $after, query: "Input") { last }', 'date'],
      ['tags(after: $after, orderBy: stories) { last }', 'count'],
      ['tags(after: $after, orderBy: recent) { last }', 'date'],
      ['tagStories(after: $after, tag: "water") { last }', 'date'],
      ['tagProblems(after: $after, tag: "water") { last }', 'date'],
      ['tagSolutions(after: $after, tag: "water") { last }', 'date'],
      ['tagProfiles(after: $after, tag: "water") { last }', 'date'],
      ['alertProblems(after: $after) { last }', 'date'],
      [`impacted(after: $after, problemId: "${problemId}") { last }`, 'date'],
    ];
    for (const [list, kind] of lists) {
      for (const after of crafted[kind]) {
        const error = await gqlError(
          server.url,
          `query($after: String) { ${list} }`,
          { after },
          { token: alice.token },
        );
        expect(error, `${list} ${after}`).toMatchObject({
          code: 'BAD_USER_INPUT',
          message: 'Invalid cursor',
          field: 'after',
        });
      }
    }
  });

  it("continues a list with the list's own cursor, on date and counter sorts alike", async () => {
    for (const orderBy of ['recent', 'reactions']) {
      const query = `query($after: String) { stories(first: 1, orderBy: ${orderBy}, after: $after) { items { id } last } }`;
      type Page = { stories: { items: { id: string }[]; last: string | null } };
      const first = await gqlData<Page>(server.url, query, {});
      expect(first.stories.last).not.toBeNull();
      const second = await gqlData<Page>(server.url, query, { after: first.stories.last });
      expect(second.stories.items).toHaveLength(1);
      expect(second.stories.items[0]!.id).not.toBe(first.stories.items[0]!.id);
    }
  });
});
