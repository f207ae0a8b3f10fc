import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  CREATE_SKILL,
  SKILL_FIELDS,
  createPrivateSpace,
  postSkill,
  type SkillView,
  SKILL,
  UPDATE_SKILL,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const SKILLS = `query($list: SkillListKind, $spaceId: ID, $after: String, $first: Int) {
  skills(list: $list, spaceId: $spaceId, after: $after, first: $first) { items { ${SKILL_FIELDS} } last }
}`;
const MEMBERS = `query($skillId: ID!, $after: String, $first: Int) {
  skillMembers(skillId: $skillId, after: $after, first: $first) { items { user { id displayName } joinedAt } last }
}`;
const DELETE = `mutation($id: ID!) { deleteSkill(id: $id) }`;
const JOIN = `mutation($id: ID!) { joinSkill(id: $id) { ${SKILL_FIELDS} } }`;
const LEAVE = `mutation($id: ID!) { leaveSkill(id: $id) { ${SKILL_FIELDS} } }`;

const list = (variables: Record<string, unknown>, token?: string) =>
  gqlData<{ skills: { items: SkillView[]; last: string | null } }>(
    server.url,
    SKILLS,
    { first: 100, ...variables },
    { token },
  ).then((data) => data.skills);
const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe('creating a skill', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(
      await gqlError(server.url, CREATE_SKILL, {
        input: { name: 'Welding', description: '<p>Welding basics here</p>' },
      }),
    ).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in' });
    const response = await rest(server.url, 'POST', '/api/skills', {
      data: { name: 'Welding', description: '<p>Welding basics</p>' },
    });
    expect(response.status).toBe(401);
  });

  it('creates a skill whose creator is its first member', async () => {
    const skill = await postSkill(server, alice, {
      name: 'Carpentry',
      description: '<p>Joinery and #woodwork skills</p>',
    });
    expect(skill).toMatchObject({
      name: 'Carpentry',
      tags: ['woodwork'],
      spaceId: 'ww',
      isAnonymousPost: false,
      canEdit: true,
      joined: true,
      author: { id: alice.id, displayName: 'Alice' },
      counters: { totalParticipants: 1 },
    });
    expect(skill.when).toBe(skill.createdAt);
    expect(ids(await list({}))).toContain(skill.id);
    expect(ids(await list({ list: 'myskills' }, alice.token))).toContain(skill.id);
    const members = await gqlData<{
      skillMembers: { items: { user: { id: string } }[] };
    }>(server.url, MEMBERS, { skillId: skill.id });
    expect(members.skillMembers.items.map((member) => member.user.id)).toEqual([alice.id]);
  });

  it('keeps an anonymous skill Anonymous, also in its members, and out of lists until approved', async () => {
    const skill = await postSkill(server, alice, { isAnonymousPost: true });
    expect(skill.author).toMatchObject({ id: '', displayName: 'Anonymous' });
    expect(ids(await list({}))).not.toContain(skill.id);
    expect(await gqlError(server.url, SKILL, { id: skill.id }, { token: bob.token })).toMatchObject(
      { code: 'NOT_FOUND' },
    );
    const members = await gqlData<{
      skillMembers: { items: { user: { id: string; displayName: string } }[] };
    }>(server.url, MEMBERS, { skillId: skill.id }, { token: alice.token });
    expect(members.skillMembers.items).toEqual([
      {
        user: { id: '', displayName: 'Anonymous' },
        joinedAt: expect.any(String),
      },
    ]);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a missing title', { description: '<p>Long enough description</p>' }, 'Title required'],
    [
      'a whitespace title',
      { name: '   ', description: '<p>Long enough description</p>' },
      'Title is required',
    ],
    [
      'a short title',
      { name: 'ab', description: '<p>Long enough description</p>' },
      'Min 3 characters',
    ],
    [
      'a long title',
      { name: 'y'.repeat(151), description: '<p>Long enough description</p>' },
      'Max 150 characters',
    ],
    [
      'a short description',
      { name: 'Good title', description: '<p>tiny</p>' },
      'No Content. Please add at least 10 characters.',
    ],
  ];
  for (const [what, data, message] of cases) {
    it(`rejects ${what} with "${message}", storing nothing`, async () => {
      const before = (await list({ list: 'myskills' }, bob.token)).items.length;
      const response = await rest(server.url, 'POST', '/api/skills', { data }, bob.token);
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: 'BAD_USER_INPUT',
        message,
      });
      expect((await list({ list: 'myskills' }, bob.token)).items.length).toBe(before);
    });
  }
});

describe('joining, leaving, editing and deleting', () => {
  it('joins and leaves, counting members; twice changes nothing', async () => {
    const skill = await postSkill(server, alice);
    expect(await gqlError(server.url, JOIN, { id: skill.id })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const joined = await gqlData<{ joinSkill: SkillView }>(
      server.url,
      JOIN,
      { id: skill.id },
      { token: bob.token },
    );
    expect(joined.joinSkill).toMatchObject({
      joined: true,
      counters: { totalParticipants: 2 },
    });
    await gqlData(server.url, JOIN, { id: skill.id }, { token: bob.token });
    expect(ids(await list({ list: 'myskills' }, bob.token))).toContain(skill.id);
    const left = await gqlData<{ leaveSkill: SkillView }>(
      server.url,
      LEAVE,
      { id: skill.id },
      { token: bob.token },
    );
    expect(left.leaveSkill).toMatchObject({
      joined: false,
      counters: { totalParticipants: 1 },
    });
    const again = await gqlData<{ leaveSkill: SkillView }>(
      server.url,
      LEAVE,
      { id: skill.id },
      { token: bob.token },
    );
    expect(again.leaveSkill.counters.totalParticipants).toBe(1);
  });

  it('pages the members newest first', async () => {
    const skill = await postSkill(server, alice);
    await gqlData(server.url, JOIN, { id: skill.id }, { token: bob.token });
    const first = await gqlData<{
      skillMembers: { items: { user: { id: string } }[]; last: string | null };
    }>(server.url, MEMBERS, { skillId: skill.id, first: 1 });
    expect(first.skillMembers.items.map((member) => member.user.id)).toEqual([bob.id]);
    const second = await gqlData<{
      skillMembers: { items: { user: { id: string } }[]; last: string | null };
    }>(server.url, MEMBERS, {
      skillId: skill.id,
      first: 1,
      after: first.skillMembers.last,
    });
    expect(second.skillMembers).toEqual({
      items: [
        expect.objectContaining({
          user: { id: alice.id, displayName: 'Alice' },
        }),
      ],
      last: null,
    });
  });

  it('lets only the author edit and delete', async () => {
    const skill = await postSkill(server, alice);
    expect(
      await gqlError(
        server.url,
        UPDATE_SKILL,
        { id: skill.id, input: { name: 'Mine now' } },
        { token: bob.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await gqlError(server.url, DELETE, { id: skill.id }, { token: bob.token }),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const updated = await gqlData<{ updateSkill: SkillView }>(
      server.url,
      UPDATE_SKILL,
      { id: skill.id, input: { name: 'Renamed skill' } },
      { token: alice.token },
    );
    expect(updated.updateSkill.name).toBe('Renamed skill');
    expect(
      await gqlError(
        server.url,
        UPDATE_SKILL,
        { id: skill.id, input: { name: ' ' } },
        { token: alice.token },
      ),
    ).toMatchObject({
      message: 'Title is required',
    });
    expect(await gqlData(server.url, DELETE, { id: skill.id }, { token: alice.token })).toEqual({
      deleteSkill: true,
    });
    expect(await gqlError(server.url, SKILL, { id: skill.id })).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('REST rows', () => {
  const skillShape = {
    id: expect.any(String),
    name: expect.any(String),
    description: expect.any(String),
    tags: expect.any(Array),
    spaceId: expect.any(String),
    files: [],
    author: expect.objectContaining({
      id: expect.any(String),
      displayName: expect.any(String),
    }),
    isAnonymousPost: false,
    isApproved: true,
    isHidden: false,
    counters: { totalParticipants: expect.any(Number), totalComments: 0 },
    joined: expect.any(Boolean),
    bookmarked: false,
    canEdit: expect.any(Boolean),
    createdAt: expect.any(String),
    when: expect.any(String),
  };

  it('POST /skills and POST /add answer the created skill', async () => {
    const created = await rest<{ data: unknown }>(
      server.url,
      'POST',
      '/api/skills',
      {
        data: {
          name: 'Plumbing',
          description: '<p>Pipes, joints and #repairs</p>',
        },
      },
      alice.token,
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: { ...skillShape, name: 'Plumbing', joined: true },
    });
    const added = await rest<{ newItem: unknown }>(
      server.url,
      'POST',
      '/api/add',
      {
        path: 'skills',
        data: { name: 'Masonry', description: '<p>Bricks and mortar work</p>' },
      },
      alice.token,
    );
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      success: true,
      newItem: { ...skillShape, name: 'Masonry' },
    });
  });

  it('GET /list/v2?path=skills and /get/v2?path=skills/{id} answer {success, items, last} and {success, data}', async () => {
    const skill = await postSkill(server, alice);
    const listed = await rest<{ items: unknown[]; last: string | null }>(
      server.url,
      'GET',
      '/api/list/v2?path=skills&results=1',
    );
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body).sort()).toEqual([
      'items',
      'last',
      'lastScannedWhen',
      'success',
    ]);
    expect(listed.body.items).toEqual([skillShape]);
    expect(listed.body.last).toEqual(expect.any(String));
    const got = await rest<{ data: unknown }>(
      server.url,
      'GET',
      `/api/get/v2?path=skills/${skill.id}`,
    );
    expect(got.body).toEqual({
      success: true,
      data: { ...skillShape, id: skill.id },
    });
  });

  it('PATCH, join, leave and DELETE /skills/{id} answer {success, …}', async () => {
    const skill = await postSkill(server, alice);
    const patched = await rest<{ data: unknown }>(
      server.url,
      'PATCH',
      `/api/skills/${skill.id}`,
      { data: { name: 'Patched skill' } },
      alice.token,
    );
    expect(patched.body).toEqual({
      success: true,
      data: { ...skillShape, name: 'Patched skill' },
    });
    const joined = await rest<{ data: unknown }>(
      server.url,
      'POST',
      `/api/skills/${skill.id}/join`,
      undefined,
      bob.token,
    );
    expect(joined.body).toEqual({
      success: true,
      data: { ...skillShape, joined: true, counters: { totalParticipants: 2, totalComments: 0 } },
    });
    const left = await rest<{ data: unknown }>(
      server.url,
      'POST',
      `/api/skills/${skill.id}/leave`,
      undefined,
      bob.token,
    );
    expect(left.body).toEqual({
      success: true,
      data: {
        ...skillShape,
        joined: false,
        counters: { totalParticipants: 1, totalComments: 0 },
      },
    });
    const deleted = await rest(
      server.url,
      'DELETE',
      `/api/skills/${skill.id}`,
      undefined,
      alice.token,
    );
    expect(deleted.body).toEqual({ success: true });
  });
});

describe('skills of a private space', () => {
  it('are visible to participants only', async () => {
    const space = (await createPrivateSpace(server, alice)).id;
    const skill = await postSkill(server, alice, { spaceId: space });
    expect(ids(await list({ spaceId: space }, alice.token))).toEqual([skill.id]);
    expect(await gqlError(server.url, SKILL, { id: skill.id }, { token: bob.token })).toMatchObject(
      { code: 'NOT_FOUND' },
    );
    expect(await gqlError(server.url, JOIN, { id: skill.id }, { token: bob.token })).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
