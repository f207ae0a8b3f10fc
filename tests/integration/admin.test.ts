import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH_SIZE } from '@rules';
import { stories } from '../../server/src/db/schema';
import { gqlData } from '../helpers/clients';
import {
  ADMIN_SPACES,
  ADMIN_USER_FIELDS,
  ADMIN_USERS,
  MANAGE_USERS,
  addComment,
  adminQuery,
  createPrivateSpace,
  exportSpace,
  giveSiteRole,
  postProblem,
  postSkill,
  postSolution,
  postStory,
  signUpVerified,
  type AdminSpaceView,
  type AdminUserView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * /admin/allUsers and /admin/allSpaces (site admins only), /manage/users and the space export
 * (site admins for any space, a private space's owners and admins for theirs).
 */
let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let owner: TestUser;
let spaceAdmin: TestUser;
let contributor: TestUser;
let outsider: TestUser;
let spaceId: string;

type UsersPage = { adminUsers: { items: AdminUserView[]; last: string | null } };
type SpacesPage = { adminSpaces: { items: AdminSpaceView[]; last: string | null } };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpVerified(server, { displayName: 'Site Admin' });
  moderator = await signUpVerified(server, { displayName: 'Site Moderator' });
  owner = await signUpVerified(server, { displayName: 'Owner Olga' });
  spaceAdmin = await signUpVerified(server, { displayName: 'Space Admin Sam' });
  contributor = await signUpVerified(server, { displayName: 'Contributor Chidi' });
  outsider = await signUpVerified(server, {
    displayName: 'Outsider Omar',
    email: 'omar.findme@example.test',
  });
  await giveSiteRole(server, admin, 'admin');
  await giveSiteRole(server, moderator, 'moderator');
  spaceId = (
    await createPrivateSpace(server, owner, {
      name: 'Well keepers',
      members: [
        { user: spaceAdmin, status: 'admin' },
        { user: contributor, status: 'contributor' },
      ],
    })
  ).id;
}, 120_000);

afterAll(() => server?.stop());

const errorCode = (result: { errors?: { extensions?: { code?: string } }[] }) =>
  result.errors?.[0]?.extensions?.code;

describe('adminUsers', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(errorCode(await adminQuery(server, ADMIN_USERS, {}))).toBe('UNAUTHENTICATED');
  });

  it('is forbidden to plain users, moderators and space owners', async () => {
    for (const user of [outsider, moderator, owner]) {
      expect(errorCode(await adminQuery(server, ADMIN_USERS, {}, user)), user.displayName).toBe(
        'FORBIDDEN',
      );
    }
  });

  it('lists every account to an admin, newest first, with roles and e-mails', async () => {
    const { data } = await adminQuery<UsersPage>(server, ADMIN_USERS, { first: 50 }, admin);
    const names = data!.adminUsers.items.map((user) => user.displayName);
    expect(names.slice(0, 6)).toEqual([
      'Outsider Omar',
      'Contributor Chidi',
      'Space Admin Sam',
      'Owner Olga',
      'Site Moderator',
      'Site Admin',
    ]);
    const me = data!.adminUsers.items.find((user) => user.id === admin.id)!;
    expect(me).toMatchObject({ email: admin.email, isAdmin: true, isModerator: false });
    expect(data!.adminUsers.items.find((user) => user.id === moderator.id)?.isModerator).toBe(true);
  });

  it('finds people by part of their name or their e-mail, case-insensitively', async () => {
    const byName = await adminQuery<UsersPage>(server, ADMIN_USERS, { query: 'olga' }, admin);
    expect(byName.data!.adminUsers.items.map((user) => user.id)).toEqual([owner.id]);
    const byEmail = await adminQuery<UsersPage>(server, ADMIN_USERS, { query: 'FINDME@' }, admin);
    expect(byEmail.data!.adminUsers.items.map((user) => user.id)).toEqual([outsider.id]);
    const wildcard = await adminQuery<UsersPage>(server, ADMIN_USERS, { query: '%' }, admin);
    expect(wildcard.data!.adminUsers.items).toEqual([]);
  });

  it('pages with the cursor it gives', async () => {
    const first = await adminQuery<UsersPage>(server, ADMIN_USERS, { first: 2 }, admin);
    const second = await adminQuery<UsersPage>(
      server,
      ADMIN_USERS,
      { first: 2, after: first.data!.adminUsers.last },
      admin,
    );
    expect(second.data!.adminUsers.items.map((user) => user.displayName)).toEqual([
      'Space Admin Sam',
      'Owner Olga',
    ]);
  });

  it('refuses a search longer than 100 characters', async () => {
    const result = await adminQuery(server, ADMIN_USERS, { query: 'x'.repeat(101) }, admin);
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.message).toBe('Search at most 100 characters');
  });
});

describe('suspend and moderator actions on the admin list', () => {
  const SUSPEND = `mutation($userId: ID!, $until: DateTimeISO!) { suspendUser(userId: $userId, until: $until) { ${ADMIN_USER_FIELDS} } }`;
  const UNSUSPEND = `mutation($userId: ID!) { unsuspendUser(userId: $userId) { ${ADMIN_USER_FIELDS} } }`;
  const SET_MODERATOR = `mutation($userId: ID!, $moderator: Boolean!) { setModerator(userId: $userId, moderator: $moderator) { ${ADMIN_USER_FIELDS} } }`;
  const rowOf = async (user: TestUser) => {
    const { data } = await adminQuery<UsersPage>(server, ADMIN_USERS, { query: user.email }, admin);
    return data!.adminUsers.items[0]!;
  };

  it('suspends and unsuspends a person, as the list then shows', async () => {
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const suspended = await adminQuery<{ suspendUser: AdminUserView }>(
      server,
      SUSPEND,
      { userId: contributor.id, until },
      admin,
    );
    expect(suspended.data?.suspendUser.suspendedUntil).toBe(until);
    expect((await rowOf(contributor)).suspendedUntil).toBe(until);
    await adminQuery(server, UNSUSPEND, { userId: contributor.id }, admin);
    expect((await rowOf(contributor)).suspendedUntil).toBeNull();
  });

  it('grants and revokes moderator, as the list then shows', async () => {
    await adminQuery(server, SET_MODERATOR, { userId: outsider.id, moderator: true }, admin);
    expect((await rowOf(outsider)).isModerator).toBe(true);
    await adminQuery(server, SET_MODERATOR, { userId: outsider.id, moderator: false }, admin);
    expect((await rowOf(outsider)).isModerator).toBe(false);
  });

  it('cannot suspend an admin', async () => {
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const result = await adminQuery(server, SUSPEND, { userId: admin.id, until }, admin);
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await rowOf(admin)).suspendedUntil).toBeNull();
  });
});

describe('adminSpaces', () => {
  it('asks a signed-out visitor to sign in and forbids everyone but admins', async () => {
    expect(errorCode(await adminQuery(server, ADMIN_SPACES, {}))).toBe('UNAUTHENTICATED');
    for (const user of [outsider, moderator, owner]) {
      expect(errorCode(await adminQuery(server, ADMIN_SPACES, {}, user))).toBe('FORBIDDEN');
    }
  });

  it('lists every space to an admin with its kind, participants and items', async () => {
    await postStory(server, contributor, '<p>Pump fixed #water</p>', { spaceId });
    await postProblem(server, owner, 'Dry well', { spaceId });
    await postStory(server, owner, '<p>Draft #water</p>', { spaceId, isDraft: true });
    const { data } = await adminQuery<SpacesPage>(server, ADMIN_SPACES, { first: 1 }, admin);
    expect(data!.adminSpaces.items[0]).toMatchObject({
      id: spaceId,
      name: 'Well keepers',
      kind: 'private',
      isPrivate: true,
      totalParticipants: 3,
      totalItems: 2,
    });
    const global = await adminQuery<SpacesPage>(server, ADMIN_SPACES, { query: 'global' }, admin);
    expect(global.data!.adminSpaces.items.map((space) => space.kind)).toContain('global');
    const india = await adminQuery<SpacesPage>(server, ADMIN_SPACES, { query: 'india' }, admin);
    expect(india.data!.adminSpaces.items.map((space) => [space.kind, space.code])).toContainEqual([
      'country',
      'in',
    ]);
  });
});

describe('manageUsers', () => {
  it('shows a private space’s newest participants to its owner and admins', async () => {
    for (const user of [owner, spaceAdmin, admin]) {
      const { data } = await adminQuery<{
        manageUsers: { items: { person: { id: string }; status: string }[] };
      }>(server, MANAGE_USERS, { spaceId }, user);
      expect(data!.manageUsers.items.map((row) => row.person.id)).toEqual([
        contributor.id,
        spaceAdmin.id,
        owner.id,
      ]);
      expect(data!.manageUsers.items.map((row) => row.status)).toEqual([
        'contributor',
        'admin',
        'owner',
      ]);
    }
  });

  it('is forbidden to a contributor and unseen by an outsider', async () => {
    expect(errorCode(await adminQuery(server, MANAGE_USERS, { spaceId }, contributor))).toBe(
      'FORBIDDEN',
    );
    expect(errorCode(await adminQuery(server, MANAGE_USERS, { spaceId }, outsider))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await adminQuery(server, MANAGE_USERS, { spaceId }))).toBe('UNAUTHENTICATED');
  });

  it('shows the newest accounts of a public space to site admins only', async () => {
    const { data } = await adminQuery<{
      manageUsers: { items: { person: { id: string }; status: string | null }[] };
    }>(server, MANAGE_USERS, { spaceId: 'ww', first: 1 }, admin);
    expect(data!.manageUsers.items).toEqual([
      {
        person: { id: outsider.id, displayName: 'Outsider Omar' },
        joinedAt: expect.any(String),
        status: null,
      },
    ]);
    for (const user of [moderator, owner]) {
      expect(errorCode(await adminQuery(server, MANAGE_USERS, { spaceId: 'ww' }, user))).toBe(
        'FORBIDDEN',
      );
    }
  });
});

describe('GET /api/spaces/{id}/export', () => {
  it('answers 401 signed out, 404 to an outsider and 403 to a contributor', async () => {
    expect((await exportSpace(server, spaceId)).status).toBe(401);
    expect((await exportSpace(server, spaceId, outsider)).status).toBe(404);
    expect((await exportSpace(server, spaceId, contributor)).status).toBe(403);
    expect((await exportSpace(server, 'ww', owner)).status).toBe(403);
    expect((await exportSpace(server, 'no-such-space', admin)).status).toBe(404);
  });

  it('downloads the space’s content as a JSON attachment for its owner', async () => {
    const problem = await postProblem(server, owner, 'Broken pump', { spaceId });
    await gqlData(
      server.url,
      `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id } }`,
      { problemId: problem.id, input: { type: 'thing', name: 'Handle' } },
      { token: owner.token },
    );
    const solution = await postSolution(server, contributor, { problemId: problem.id });
    await postSkill(server, contributor, { spaceId, name: 'Plumbing' });
    const anonymous = await postStory(server, contributor, '<p>Quiet worry #water</p>', {
      spaceId,
      isAnonymousPost: true,
    });
    await addComment(
      server,
      owner,
      { itemType: 'solutions', itemId: solution.id },
      '<p>Thanks</p>',
    );

    const download = await exportSpace(server, spaceId, owner);
    expect(download.status).toBe(200);
    expect(download.disposition).toMatch(/^attachment; filename="space-.+\.json"$/u);
    const body = download.body;
    expect(body.space.name).toBe('Well keepers');
    expect(body.participants).toHaveLength(3);
    expect(JSON.stringify(body.participants)).not.toContain('@example.test');
    const stories = body.stories;
    // Published only: the draft stays its author's; the anonymous story is pending approval.
    expect(stories.map((story) => story.story)).toEqual(['<p>Pump fixed #water</p>']);
    expect(stories.some((story) => story.story.includes('Quiet worry'))).toBe(false);
    expect(anonymous.id).toBeTruthy();
    expect(
      body.problems.find((row) => row.name === 'Broken pump')?.parts.map((part) => part.name),
    ).toEqual(['Handle']);
    expect(body.solutions.map((row) => row.id)).toEqual([solution.id]);
    expect(body.skills.map((row) => row.name)).toEqual(['Plumbing']);
    expect(body.comments[0]).toMatchObject({
      itemId: solution.id,
      authorId: owner.id,
    });
  });

  it('reads a big space in batches: every story once, oldest first', async () => {
    const { id: bigSpace } = await createPrivateSpace(server, owner, { name: 'Big archive' });
    // Database shortcut: more stories than two export batches, with one shared creation time so
    // the batches must continue by id.
    const createdAt = new Date('2026-01-01T00:00:00.000Z');
    const rows = Array.from({ length: EXPORT_BATCH_SIZE * 2 + 7 }, (_, index) => ({
      id: `big-${String(index).padStart(5, '0')}`,
      spaceId: bigSpace,
      authorId: owner.id,
      story: `<p>Story ${index}</p>`,
      createdAt,
    }));
    await server.deps.db.insert(stories).values(rows);
    const download = await exportSpace(server, bigSpace, owner);
    expect(download.status).toBe(200);
    expect(download.body.stories.map((story) => story.id)).toEqual(rows.map((row) => row.id));
  });

  it('lets the space’s admins and site admins download it too', async () => {
    expect((await exportSpace(server, spaceId, spaceAdmin)).status).toBe(200);
    const asSiteAdmin = await exportSpace(server, spaceId, admin);
    expect(asSiteAdmin.status).toBe(200);
    expect(asSiteAdmin.body.stories).toHaveLength(1);
    const global = await exportSpace(server, 'ww', admin);
    expect(global.status).toBe(200);
    expect(global.body.participants).toEqual([]);
  });
});
