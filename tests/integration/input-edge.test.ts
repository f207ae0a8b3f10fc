import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_MESSAGES,
  MAP_MESSAGES,
  MESSAGES,
  messageTranslationKey,
  PROBLEM_MESSAGES,
  SOLUTION_MESSAGES,
  SPACE_MESSAGES,
  TAG_MESSAGES,
} from '@rules';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  createPrivateSpace,
  MY_SPACES,
  PARTICIPANTS,
  postProblem,
  postStory,
  PROBLEMS,
  PROGRESS_MAPS,
  SET_STATUS,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Input at the edge: an unknown sort, status or key is refused by the list's or the field's rule,
 * the same 422 with the same translated message over every REST row that takes it, and over
 * GraphQL as BAD_USER_INPUT (with the same message where GraphQL takes the value as text; an enum
 * argument is refused by GraphQL's own validation before any rule runs). Nothing changes.
 */

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let spaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member] = await Promise.all([
    signUpVerified(server, { displayName: 'Owner' }),
    signUpVerified(server, { displayName: 'Member' }),
  ]);
  spaceId = (
    await createPrivateSpace(server, owner, { members: [{ user: member, status: 'contributor' }] })
  ).id;
});
afterAll(async () => {
  await server?.stop();
});

/** A REST refusal: 422 with the rule's message, which has a translation, and the field it names. */
async function expectRestRefusal(
  call: { method: 'GET' | 'POST'; path: string; body?: unknown; token?: string },
  message: string,
  field: string,
) {
  const answer = await rest(server.url, call.method, call.path, call.body, call.token);
  expect(answer.status, call.path).toBe(422);
  expect(answer.body, call.path).toEqual({
    success: false,
    error: { code: 'BAD_USER_INPUT', message, field },
  });
  expect(messageTranslationKey(message), message).toBeDefined();
}

describe('an unknown sort', () => {
  it('refuses a problems list sort over REST with the problems rule, and GraphQL refuses it too', async () => {
    await postProblem(server, owner, 'Dry wells');
    for (const path of [
      '/api/problems?orderBy=loudest',
      '/api/list/v2?path=problems&orderBy=loudest',
    ])
      await expectRestRefusal(
        { method: 'GET', path, token: owner.token },
        PROBLEM_MESSAGES.sortInvalid,
        'orderBy',
      );
    const refused = await gqlError(
      server.url,
      PROBLEMS,
      { orderBy: 'loudest' },
      { token: owner.token },
    );
    expect(refused.code).toBe('BAD_USER_INPUT');
  });

  it('still lists problems by a known sort over both transports', async () => {
    const problem = await postProblem(server, owner, 'Broken pumps');
    for (const path of [
      '/api/problems?orderBy=participants',
      '/api/list/v2?path=problems&orderBy=recentStatus',
    ]) {
      const answer = await rest<{ items: { id: string }[] }>(
        server.url,
        'GET',
        path,
        undefined,
        owner.token,
      );
      expect(answer.status, path).toBe(200);
      expect(
        answer.body.items.map((item) => item.id),
        path,
      ).toContain(problem.id);
    }
    const listed = await gqlData<{ problems: { items: { id: string }[] } }>(
      server.url,
      PROBLEMS,
      { orderBy: 'participants' },
      { token: owner.token },
    );
    expect(listed.problems.items.map((item) => item.id)).toContain(problem.id);
  });

  it('refuses a map list sort over REST with its message, and over GraphQL by the enum', async () => {
    await expectRestRefusal(
      { method: 'GET', path: '/api/list/v2?path=views&spaceId=ww&orderBy=newest' },
      MAP_MESSAGES.sortInvalid,
      'orderBy',
    );
    // GraphQL's orderBy is the MapSort enum: the schema refuses the value before any service runs.
    const refused = await gqlError(server.url, PROGRESS_MAPS, { spaceId: 'ww', orderBy: 'newest' });
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', status: 400 });
    expect(refused.message).toContain('"MapSort"');
    const spec = await rest(server.url, 'GET', '/api/list/v2?path=views&spaceId=ww&orderBy=A-Z');
    expect(spec.status).toBe(200);
  });

  it('refuses the solutions, tags, stories and comments sorts and an unknown time range over REST', async () => {
    const story = await postStory(server, owner, '<p>Wells run dry #water</p>');
    const comments = `/api/list/v2?path=stories/${story.id}/comments`;
    const lists: [string, string][] = [
      ['/api/list/v2?path=solutions&orderBy=cleverest', SOLUTION_MESSAGES.sortInvalid],
      ['/api/list/v2?path=tags&orderBy=loudest', TAG_MESSAGES.sortInvalid],
      ['/api/list/v2?path=stories&orderBy=loudest', TAG_MESSAGES.storySortInvalid],
      [`${comments}&orderBy=loudest`, COMMENT_MESSAGES.sortInvalid],
    ];
    for (const [path, message] of lists)
      await expectRestRefusal({ method: 'GET', path }, message, 'orderBy');
    await expectRestRefusal(
      { method: 'GET', path: '/api/list/v2?path=stories&timeRange=forever' },
      MESSAGES.timeRangeInvalid,
      'timeRange',
    );
    // The spec's client lists tags and stories with orderBy=recent.
    for (const path of [
      '/api/list/v2?path=tags&orderBy=recent',
      '/api/list/v2?path=stories&orderBy=recent',
      '/api/list/v2?path=solutions&orderBy=upvotes',
      `${comments}&orderBy=top`,
    ])
      expect((await rest(server.url, 'GET', path)).status, path).toBe(200);
  });
});

describe('an unknown space status', () => {
  const participantStatuses = async () =>
    (
      await gqlData<{
        participants: { items: { status: string; user: { id: string } }[] };
      }>(server.url, PARTICIPANTS, { spaceId, status: 'all' }, { token: owner.token })
    ).participants.items.map((row) => [row.user.id, row.status]);

  it('refuses a participants filter and the viewer’s spaces filter over REST, and GraphQL refuses them too', async () => {
    await expectRestRefusal(
      {
        method: 'GET',
        path: `/api/spaces/${spaceId}/participants?status=everyone`,
        token: owner.token,
      },
      SPACE_MESSAGES.participantFilterInvalid,
      'status',
    );
    await expectRestRefusal(
      { method: 'GET', path: '/api/spaces?status=everyone', token: owner.token },
      SPACE_MESSAGES.privateSpaceFilterInvalid,
      'status',
    );
    for (const [query, variables] of [
      [PARTICIPANTS, { spaceId, status: 'everyone' }],
      [MY_SPACES, { status: 'everyone' }],
    ] as const) {
      const refused = await gqlError(server.url, query, variables, { token: owner.token });
      expect(refused.code, query).toBe('BAD_USER_INPUT');
    }
  });

  it('still lists by a known status', async () => {
    const participants = await rest<{ participants: { userId?: string }[] }>(
      server.url,
      'GET',
      `/api/spaces/${spaceId}/participants?status=all`,
      undefined,
      owner.token,
    );
    expect(participants.status).toBe(200);
    expect(participants.body.participants).toHaveLength(2);
    for (const status of [undefined, 'all', 'active']) {
      const path = status ? `/api/spaces?status=${status}` : '/api/spaces';
      const mine = await rest<{ items: { id: string }[] }>(
        server.url,
        'GET',
        path,
        undefined,
        owner.token,
      );
      expect(mine.status, path).toBe(200);
      expect(
        mine.body.items.map((space) => space.id),
        path,
      ).toContain(spaceId);
    }
  });

  it('refuses setting an unknown participant status on both transports and changes nothing', async () => {
    const before = await participantStatuses();
    await expectRestRefusal(
      {
        method: 'POST',
        path: `/api/spaces/${spaceId}/participants/status`,
        body: { userId: member.id, status: 'overlord' },
        token: owner.token,
      },
      SPACE_MESSAGES.assignableStatusInvalid,
      'status',
    );
    const refused = await gqlError(
      server.url,
      SET_STATUS,
      { spaceId, userId: member.id, status: 'overlord' },
      { token: owner.token },
    );
    expect(refused.code).toBe('BAD_USER_INPUT');
    expect(await participantStatuses()).toEqual(before);
  });
});

describe('an unknown profile key', () => {
  const ME = '{ me { email displayName bio } }';
  const me = async (person: TestUser) =>
    (
      await gqlData<{ me: { email: string; displayName: string; bio: string | null } }>(
        server.url,
        ME,
        {},
        { token: person.token },
      )
    ).me;

  it('refuses `/user/update` with a key it does not change, and GraphQL an unknown field, changing nothing', async () => {
    const person = await signUpVerified(server, { displayName: 'Keeper' });
    const before = await me(person);
    for (const body of [{ key: 'role', role: 'org' }, { displayName: 'No key' }])
      await expectRestRefusal(
        { method: 'POST', path: '/api/user/update', body, token: person.token },
        MESSAGES.profileKeyInvalid,
        'key',
      );
    const refused = await gqlError(
      server.url,
      'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }',
      { input: { email: 'other@example.com' } },
      { token: person.token },
    );
    expect(refused.code).toBe('BAD_USER_INPUT');
    expect(await me(person)).toEqual(before);
  });

  it('still changes a known key', async () => {
    const person = await signUpVerified(server, { displayName: 'Changer' });
    const answer = await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'bio', bio: 'Digs wells', spaceId: 'ww' },
      person.token,
    );
    expect(answer.status).toBe(200);
    expect((await me(person)).bio).toBe('Digs wells');
  });
});

describe('a page size out of range', () => {
  it('refuses first past 100, zero or negative over GraphQL, as a literal or a variable', async () => {
    for (const first of [1000, 101, 0, -1]) {
      const literal = await gqlError(server.url, `{ stories(first: ${first}) { last } }`);
      expect(literal, `first: ${first}`).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'first must be between 1 and 100',
        field: 'first',
      });
    }
    const variable = await gqlError(
      server.url,
      `query($first: Int) { problems(first: $first) { last } }`,
      { first: 500 },
    );
    expect(variable).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
    // The bounds themselves are pages.
    for (const first of [1, 100])
      await gqlData(server.url, `{ stories(first: ${first}) { last } }`);
  });
});
