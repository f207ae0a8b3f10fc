import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../../server/src/db/schema';
import {
  MANAGE_OVERVIEW,
  SPACE_ANALYTICS,
  addComment,
  adminQuery,
  createPrivateSpace,
  giveSiteRole,
  postProblem,
  postStory,
  signUpVerified,
  today,
  type ManageOverviewView,
  type SpaceAnalyticsView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * /manage/overview (managers of a space) and /space/{id}/analytics (anyone who may read it):
 * per-day series with empty days, totals, top tags and active participants, counted over what
 * the viewer may see.
 */
let server: TestServer;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let spaceId: string;

type Overview = { manageOverview: ManageOverviewView };
type Analytics = { spaceAnalytics: SpaceAnalyticsView };

const errorCode = (result: { errors?: { extensions?: { code?: string } }[] }) =>
  result.errors?.[0]?.extensions?.code;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpVerified(server, { displayName: 'Admin' });
  owner = await signUpVerified(server, { displayName: 'Owner' });
  member = await signUpVerified(server, { displayName: 'Member' });
  outsider = await signUpVerified(server, { displayName: 'Outsider' });
  await giveSiteRole(server, admin, 'admin');
  spaceId = (
    await createPrivateSpace(server, owner, { members: [{ user: member, status: 'contributor' }] })
  ).id;
  // Three stories today in the private space, one draft that never counts.
  for (const html of ['<p>One #water</p>', '<p>Two #water</p>', '<p>Three #roads</p>']) {
    await postStory(server, member, html, { spaceId });
  }
  await postStory(server, member, '<p>Draft #water</p>', { spaceId, isDraft: true });
  await postProblem(server, owner, 'Leaking tank', { spaceId });
}, 120_000);

afterAll(() => server?.stop());

describe('manageOverview', () => {
  it('asks a signed-out visitor to sign in; forbids a contributor; hides the space from outsiders', async () => {
    expect(errorCode(await adminQuery(server, MANAGE_OVERVIEW, { spaceId }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(errorCode(await adminQuery(server, MANAGE_OVERVIEW, { spaceId }, member))).toBe(
      'FORBIDDEN',
    );
    expect(errorCode(await adminQuery(server, MANAGE_OVERVIEW, { spaceId }, outsider))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await adminQuery(server, MANAGE_OVERVIEW, { spaceId: 'ww' }, owner))).toBe(
      'FORBIDDEN',
    );
  });

  it('counts today’s stories, problems and new participants for the owner, over 30 days with empty days', async () => {
    const { data } = await adminQuery<Overview>(server, MANAGE_OVERVIEW, { spaceId }, owner);
    const overview = data!.manageOverview;
    expect(overview.days).toBe(30);
    expect(overview.daily).toHaveLength(30);
    expect(today(overview.daily)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      stories: 3,
      problems: 1,
      solutions: 0,
      skills: 0,
      people: 2,
    });
    expect(overview.daily[0]).toMatchObject({ stories: 0, problems: 0, people: 0 });
    expect(overview).toMatchObject({ totalStories: 3, totalProblems: 1, totalPeople: 2 });
  });

  it('shows any space to a site admin, a public one counting new accounts', async () => {
    const mine = await adminQuery<Overview>(server, MANAGE_OVERVIEW, { spaceId, days: 7 }, admin);
    expect(mine.data!.manageOverview.daily).toHaveLength(7);
    expect(today(mine.data!.manageOverview.daily).stories).toBe(3);
    const global = await adminQuery<Overview>(server, MANAGE_OVERVIEW, { spaceId: 'ww' }, admin);
    expect(today(global.data!.manageOverview.daily)).toMatchObject({ stories: 0, people: 4 });
    expect(global.data!.manageOverview.totalPeople).toBe(4);
  });

  it('refuses a period outside 1 to 365 days', async () => {
    for (const days of [0, 366]) {
      const result = await adminQuery(server, MANAGE_OVERVIEW, { spaceId, days }, owner);
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toBe('Choose a period between 1 and 365 days');
    }
  });
});

describe('spaceAnalytics', () => {
  it('is open to everyone on a public space, signed out too', async () => {
    await postStory(server, outsider, '<p>Public news #market</p>', { spaceId: 'ww' });
    const { data } = await adminQuery<Analytics>(server, SPACE_ANALYTICS, { spaceId: 'ww' });
    expect(today(data!.spaceAnalytics.daily)).toMatchObject({ stories: 1, people: null });
    // The private space's stories and tags are not the global space's, nor anyone else's.
    expect(data!.spaceAnalytics.topTags).toEqual([{ tag: 'market', count: 1 }]);
    expect(data!.spaceAnalytics.activeParticipants).toEqual([
      { person: { id: outsider.id, displayName: 'Outsider' }, items: 1, comments: 0 },
    ]);
  });

  it('hides a private space’s analytics from outsiders and signed-out visitors', async () => {
    expect(errorCode(await adminQuery(server, SPACE_ANALYTICS, { spaceId }, outsider))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await adminQuery(server, SPACE_ANALYTICS, { spaceId }))).toBe('NOT_FOUND');
  });

  it('ranks tags and participants by posts and comments for a member', async () => {
    const first = await postStory(server, owner, '<p>Owner note #water</p>', { spaceId });
    await addComment(server, owner, { itemType: 'stories', itemId: first.id });
    await addComment(server, owner, { itemType: 'stories', itemId: first.id });
    const { data } = await adminQuery<Analytics>(server, SPACE_ANALYTICS, { spaceId }, member);
    const analytics = data!.spaceAnalytics;
    expect(today(analytics.daily)).toMatchObject({ stories: 4, problems: 1 });
    expect(analytics.topTags.slice(0, 2)).toEqual([
      { tag: 'water', count: 4 },
      { tag: 'roads', count: 1 },
    ]);
    expect(analytics.activeParticipants).toEqual([
      { person: { id: owner.id, displayName: 'Owner' }, items: 2, comments: 2 },
      { person: { id: member.id, displayName: 'Member' }, items: 3, comments: 0 },
    ]);
  });

  it('never names the author of an anonymous post, and leaves hidden posts out', async () => {
    const anonymous = await postStory(server, outsider, '<p>Secret #whisper</p>', {
      spaceId: 'ww',
      isAnonymousPost: true,
    });
    // An approved anonymous story counts as an item and for its tags, not for its author.
    await server.deps.db
      .update(stories)
      .set({ isApproved: true })
      .where(eq(stories.id, anonymous.id));
    const before = await adminQuery<Analytics>(server, SPACE_ANALYTICS, { spaceId: 'ww' });
    expect(today(before.data!.spaceAnalytics.daily).stories).toBe(2);
    expect(before.data!.spaceAnalytics.topTags).toContainEqual({ tag: 'whisper', count: 1 });
    expect(before.data!.spaceAnalytics.activeParticipants).toEqual([
      { person: { id: outsider.id, displayName: 'Outsider' }, items: 1, comments: 0 },
    ]);
    await server.deps.db
      .update(stories)
      .set({ isHidden: true })
      .where(eq(stories.id, anonymous.id));
    const after = await adminQuery<Analytics>(server, SPACE_ANALYTICS, { spaceId: 'ww' });
    expect(today(after.data!.spaceAnalytics.daily).stories).toBe(1);
    expect(after.data!.spaceAnalytics.topTags).not.toContainEqual({ tag: 'whisper', count: 1 });
  });
});
