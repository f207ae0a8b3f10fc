import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTags, tagFollows, tags, users } from '../../server/src/db/schema';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  createPrivateSpace,
  insertProblem,
  insertSolution,
  postStory,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let privateSpace: string;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
  ]);
  // Alice owns a private space; Bob is a contributor; Carol is only invited.
  privateSpace = (
    await createPrivateSpace(server, alice, {
      members: [
        { user: bob, status: 'contributor' },
        { user: carol, status: 'invited' },
      ],
    })
  ).id;
});
afterAll(async () => {
  await server?.stop();
});

const TAG_FIELDS = `id name title description following when counters { totalProblems totalStories totalSolutions totalFollowers }`;
const TAG = `query($id: ID!, $spaceId: ID) { tag(id: $id, spaceId: $spaceId) { ${TAG_FIELDS} } }`;
const TAGS = `query($orderBy: TagSort, $spaceId: ID, $after: String, $first: Int) {
  tags(orderBy: $orderBy, spaceId: $spaceId, after: $after, first: $first) { items { ${TAG_FIELDS} } last } }`;
const FOLLOW = `mutation($tag: ID!) { followTag(tag: $tag) { id following counters { totalFollowers } } }`;
const UNFOLLOW = `mutation($tag: ID!) { unfollowTag(tag: $tag) { id following counters { totalFollowers } } }`;
const FOLLOW_TAGS = `mutation($tags: [String!]!) { followTags(tags: $tags) }`;
const FOLLOWED = `query { followedTags { id } }`;
const PROFILE_TAGS = `mutation($tags: [String!]!) { setProfileTags(tags: $tags) }`;
const ALERTS = `mutation($tags: [String!]!) { setNotificationTags(tags: $tags) }`;
const ADD_TAGS = `mutation($tags: [String!]!) { addTags(tags: $tags) }`;
const AUTOCOMPLETE = `query($q: String!, $c: AutocompleteCollection!, $spaceId: ID) {
  autocomplete(searchParam: $q, collection: $c, spaceId: $spaceId) { id name photoURL role } }`;

interface TagView {
  id: string;
  following: boolean;
  when: string;
  counters: {
    totalProblems: number;
    totalStories: number;
    totalSolutions: number;
    totalFollowers: number;
  };
}

const followersOf = async (id: string) =>
  (await server.deps.db.select().from(tags).where(eq(tags.id, id)))[0]?.totalFollowers;
const followedBy = async (user: TestUser) =>
  (await server.deps.db.select().from(tagFollows).where(eq(tagFollows.userId, user.id)))
    .map((row) => row.tagId)
    .sort();

describe('tag pages', () => {
  it('shows a tag with the counters of the active space to anyone, "#Water" naming "water"', async () => {
    await postStory(server, alice, '<p>Rain #water</p>');
    await insertProblem(server, alice, { tags: ['water'] });
    await insertSolution(server, alice, { tags: ['water'] });
    await insertProblem(server, alice, { tags: ['water'], isDraft: true });
    const data = await gqlData<{ tag: TagView }>(server.url, TAG, {
      id: '#Water',
    });
    expect(data.tag).toMatchObject({
      id: 'water',
      following: false,
      counters: {
        totalStories: 1,
        totalProblems: 1,
        totalSolutions: 1,
        totalFollowers: 0,
      },
    });
    expect(new Date(data.tag.when).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('answers a missing tag with not found', async () => {
    expect(await gqlError(server.url, TAG, { id: 'never-used-anywhere' })).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('never shows a private space’s tag or its counters to outsiders', async () => {
    await postStory(server, bob, '<p>Hush #hushhush</p>', {
      spaceId: privateSpace,
    });
    await postStory(server, bob, '<p>Shared #water</p>', {
      spaceId: privateSpace,
    });
    // Participants see it from the private space.
    const inside = await gqlData<{ tag: TagView }>(
      server.url,
      TAG,
      { id: 'hushhush', spaceId: privateSpace },
      { token: bob.token },
    );
    expect(inside.tag.counters.totalStories).toBe(1);
    // The invited user, an outsider and a signed-out visitor: not found.
    for (const token of [carol.token, undefined]) {
      expect(await gqlError(server.url, TAG, { id: 'hushhush' }, { token })).toMatchObject({
        code: 'NOT_FOUND',
      });
      expect(
        await gqlError(server.url, TAG, { id: 'water', spaceId: privateSpace }, { token }),
      ).toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    // The global space's numbers leave the private space's story out, for its participants too.
    const global = await gqlData<{ tag: TagView }>(
      server.url,
      TAG,
      { id: 'water', spaceId: 'ww' },
      { token: bob.token },
    );
    expect(global.tag.counters.totalStories).toBe(1);
    const list = await gqlData<{ tags: { items: { id: string }[] } }>(
      server.url,
      TAGS,
      { first: 100 },
      { token: carol.token },
    );
    expect(list.tags.items.map((tag) => tag.id)).not.toContain('hushhush');
  });

  it('lists the space’s tags by followers, problems, stories and recent, keyset paged', async () => {
    const spaceId = (await createPrivateSpace(server, alice)).id;
    await insertProblem(server, alice, { spaceId, tags: ['ta', 'tb'] });
    await insertProblem(server, alice, { spaceId, tags: ['tb'] });
    await postStory(server, alice, '<p>One #tc #ta</p>', { spaceId });
    await postStory(server, alice, '<p>Two #tc</p>', { spaceId });
    await postStory(server, alice, '<p>Three #tc</p>', { spaceId });
    await gqlData(server.url, FOLLOW_TAGS, { tags: ['ta'] }, { token: carol.token });
    const all = async (orderBy: string) => {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const data: { tags: { items: { id: string }[]; last: string | null } } = await gqlData(
          server.url,
          TAGS,
          { orderBy, spaceId, after, first: 1 },
          { token: alice.token },
        );
        seen.push(...data.tags.items.map((tag) => tag.id));
        after = data.tags.last;
      } while (after);
      return seen;
    };
    expect((await all('followers'))[0]).toBe('ta');
    expect(await all('problems')).toEqual(['tb', 'ta', 'tc']);
    expect(await all('stories')).toEqual(['tc', 'ta', 'tb']);
    expect((await all('recent')).sort()).toEqual(['ta', 'tb', 'tc']);
    await gqlData(server.url, FOLLOW_TAGS, { tags: [] }, { token: carol.token });
  });

  it('lists a tag’s stories, problems, solutions and profiles, visible items only', async () => {
    const story = await postStory(server, alice, '<p>Seen #listing</p>');
    await postStory(server, alice, '<p>Draft #listing</p>', {
      isDraft: true,
    });
    const problemId = await insertProblem(server, alice, { tags: ['listing'] });
    await insertProblem(server, alice, {
      tags: ['listing'],
      isAnonymousPost: true,
    });
    await insertProblem(server, bob, {
      tags: ['listing'],
      spaceId: privateSpace,
    });
    const solutionId = await insertSolution(server, alice, {
      tags: ['listing'],
    });
    await insertSolution(server, alice, { tags: ['listing'], isDraft: true });
    await gqlData(server.url, PROFILE_TAGS, { tags: ['listing'] }, { token: bob.token });
    const data = await gqlData<{
      tagStories: { items: { id: string }[] };
      tagProblems: { items: { id: string; status: string }[] };
      tagSolutions: {
        items: { id: string; author: { displayName: string } }[];
      };
      tagProfiles: { items: { id: string; displayName: string }[] };
    }>(
      server.url,
      `query { tagStories(tag: "#Listing") { items { id } } tagProblems(tag: "listing") { items { id status } }
        tagSolutions(tag: "listing") { items { id author { displayName } } } tagProfiles(tag: "listing") { items { id displayName } } }`,
    );
    expect(data.tagStories.items.map((item) => item.id)).toEqual([story.id]);
    expect(data.tagProblems.items).toEqual([{ id: problemId, status: 'unsolved' }]);
    expect(data.tagSolutions.items).toEqual([{ id: solutionId, author: { displayName: 'Alice' } }]);
    expect(data.tagProfiles.items).toEqual([{ id: bob.id, displayName: 'Bob' }]);
  });
});

describe('following tags', () => {
  it('asks a signed-out visitor to sign in', async () => {
    for (const query of [FOLLOW, UNFOLLOW]) {
      expect(await gqlError(server.url, query, { tag: 'water' })).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Please sign in',
      });
    }
    expect(await gqlError(server.url, FOLLOW_TAGS, { tags: ['water'] })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await gqlError(server.url, FOLLOWED)).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('follows and unfollows a tag, counting its followers', async () => {
    const dave = await signUpVerified(server, { displayName: 'Dave' });
    await postStory(server, alice, '<p>Hi #followme</p>');
    const followed = await gqlData<{ followTag: TagView }>(
      server.url,
      FOLLOW,
      { tag: '#FollowMe' },
      { token: dave.token },
    );
    expect(followed.followTag).toMatchObject({
      id: 'followme',
      following: true,
      counters: { totalFollowers: 1 },
    });
    // Following twice changes nothing.
    await gqlData(server.url, FOLLOW, { tag: 'followme' }, { token: dave.token });
    expect(await followersOf('followme')).toBe(1);
    const list = await gqlData<{ followedTags: { id: string }[] }>(
      server.url,
      FOLLOWED,
      {},
      { token: dave.token },
    );
    expect(list.followedTags).toEqual([{ id: 'followme' }]);
    const unfollowed = await gqlData<{ unfollowTag: TagView }>(
      server.url,
      UNFOLLOW,
      { tag: 'followme' },
      { token: dave.token },
    );
    expect(unfollowed.unfollowTag).toMatchObject({
      following: false,
      counters: { totalFollowers: 0 },
    });
    await gqlData(server.url, UNFOLLOW, { tag: 'followme' }, { token: dave.token });
    expect(await followersOf('followme')).toBe(0);
  });

  it('refuses an 11th tag with "You can only follow maximum of 10 tags." and stores nothing', async () => {
    const erin = await signUpVerified(server, { displayName: 'Erin' });
    const ten = Array.from({ length: 10 }, (_, index) => `limit${index}`);
    await gqlData(server.url, FOLLOW_TAGS, { tags: ten }, { token: erin.token });
    expect(
      await gqlError(server.url, FOLLOW, { tag: 'limit10' }, { token: erin.token }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'You can only follow maximum of 10 tags.',
    });
    expect(await followedBy(erin)).toEqual([...ten].sort());
    expect(await followersOf('limit10')).toBeUndefined();
  });

  it('replaces followed tags in bulk, normalised, and refuses more than 10 with "You can only follow upto 10 tags"', async () => {
    const fay = await signUpVerified(server, { displayName: 'Fay' });
    const result = await gqlData<{ followTags: string[] }>(
      server.url,
      FOLLOW_TAGS,
      { tags: ['#Bulk1', 'bulk2', 'BULK1'] },
      { token: fay.token },
    );
    expect(result.followTags).toEqual(['bulk1', 'bulk2']);
    expect(await followersOf('bulk1')).toBe(1);
    await gqlData(server.url, FOLLOW_TAGS, { tags: ['bulk2', 'bulk3'] }, { token: fay.token });
    expect(await followedBy(fay)).toEqual(['bulk2', 'bulk3']);
    expect(await followersOf('bulk1')).toBe(0);
    const eleven = Array.from({ length: 11 }, (_, index) => `many${index}`);
    expect(
      await gqlError(server.url, FOLLOW_TAGS, { tags: eleven }, { token: fay.token }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'You can only follow upto 10 tags',
    });
    expect(await followedBy(fay)).toEqual(['bulk2', 'bulk3']);
  });

  it('refuses a blank tag or one with "#" inside with "Invalid tag"', async () => {
    for (const tag of ['   ', '#', 'wa#ter', 'two words']) {
      expect(await gqlError(server.url, FOLLOW, { tag }, { token: alice.token })).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'Invalid tag',
      });
    }
  });
});

describe('profile tags', () => {
  it('stores at most 10, without a leading #, lower-cased and de-duplicated', async () => {
    expect(await gqlError(server.url, PROFILE_TAGS, { tags: ['x'] })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const result = await gqlData<{ setProfileTags: string[] }>(
      server.url,
      PROFILE_TAGS,
      { tags: ['#Farmer', 'farmer', ' Teacher ', '##Nurse'] },
      { token: carol.token },
    );
    expect(result.setProfileTags).toEqual(['farmer', 'teacher', 'nurse']);
    const mine = await gqlData<{ myProfileTags: string[] }>(
      server.url,
      `query { myProfileTags }`,
      {},
      { token: carol.token },
    );
    expect(mine.myProfileTags).toEqual(['farmer', 'teacher', 'nurse']);
    const eleven = Array.from({ length: 11 }, (_, index) => `p${index}`);
    expect(
      await gqlError(server.url, PROFILE_TAGS, { tags: eleven }, { token: carol.token }),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'You can have at most 10 profile tags',
    });
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, carol.id));
    expect(row?.profileTags).toEqual(['farmer', 'teacher', 'nurse']);
  });
});

describe('problem alerts', () => {
  it('stores notification tags and lists the space’s problems matching them', async () => {
    expect(await gqlError(server.url, ALERTS, { tags: ['x'] })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const gus = await signUpVerified(server, { displayName: 'Gus' });
    const empty = await gqlData<{ alertProblems: { items: unknown[] } }>(
      server.url,
      `query { alertProblems { items { id } } }`,
      {},
      { token: gus.token },
    );
    expect(empty.alertProblems.items).toEqual([]);
    const matching = await insertProblem(server, alice, { tags: ['alertme'] });
    await insertProblem(server, alice, { tags: ['other'] });
    await insertProblem(server, bob, {
      tags: ['alertme'],
      spaceId: privateSpace,
    });
    const saved = await gqlData<{ setNotificationTags: string[] }>(
      server.url,
      ALERTS,
      { tags: ['#AlertMe', 'drought'] },
      { token: gus.token },
    );
    expect(saved.setNotificationTags).toEqual(['alertme', 'drought']);
    const data = await gqlData<{
      notificationTags: string[];
      alertProblems: { items: { id: string }[] };
    }>(
      server.url,
      `query { notificationTags alertProblems { items { id } } }`,
      {},
      { token: gus.token },
    );
    expect(data.notificationTags).toEqual(['alertme', 'drought']);
    expect(data.alertProblems.items.map((item) => item.id)).toEqual([matching]);
    await gqlData(server.url, ALERTS, { tags: ['drought'] }, { token: gus.token });
    const rows = await server.deps.db
      .select()
      .from(notificationTags)
      .where(eq(notificationTags.userId, gus.id));
    expect(rows.map((row) => row.tagId)).toEqual(['drought']);
    const eleven = Array.from({ length: 11 }, (_, index) => `a${index}`);
    expect(
      await gqlError(server.url, ALERTS, { tags: eleven }, { token: gus.token }),
    ).toMatchObject({
      message: 'You can have at most 10 problem alerts',
    });
  });

  it('lists problems with any one of the alert tags (the strip reads "#water or #roads")', async () => {
    const hana = await signUpVerified(server, { displayName: 'Hana' });
    const waterOnly = await insertProblem(server, alice, { tags: ['anywater'] });
    const roadsOnly = await insertProblem(server, alice, { tags: ['anyroads'] });
    const both = await insertProblem(server, alice, { tags: ['anywater', 'anyroads'] });
    await insertProblem(server, alice, { tags: ['anyelse'] });
    await gqlData(server.url, ALERTS, { tags: ['anywater', 'anyroads'] }, { token: hana.token });
    const data = await gqlData<{ alertProblems: { items: { id: string }[] } }>(
      server.url,
      `query { alertProblems { items { id } } }`,
      {},
      { token: hana.token },
    );
    expect(data.alertProblems.items.map((item) => item.id).sort()).toEqual(
      [waterOnly, roadsOnly, both].sort(),
    );
  });
});

describe('adding tags', () => {
  it('creates tags, refusing an invalid one with "Invalid tag" and an empty list with "Min 1 tag"', async () => {
    expect(await gqlError(server.url, ADD_TAGS, { tags: ['x'] })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const added = await gqlData<{ addTags: string[] }>(
      server.url,
      ADD_TAGS,
      { tags: ['#NewOne', 'newtwo'] },
      { token: alice.token },
    );
    expect(added.addTags).toEqual(['newone', 'newtwo']);
    const tag = await gqlData<{ tag: TagView }>(server.url, TAG, {
      id: 'newone',
    });
    expect(tag.tag.counters).toEqual({
      totalProblems: 0,
      totalStories: 0,
      totalSolutions: 0,
      totalFollowers: 0,
    });
    expect(
      await gqlError(server.url, ADD_TAGS, { tags: ['ok', 'not#ok'] }, { token: alice.token }),
    ).toMatchObject({
      message: 'Invalid tag',
    });
    expect(
      await gqlError(server.url, ADD_TAGS, { tags: [] }, { token: alice.token }),
    ).toMatchObject({ message: 'Min 1 tag' });
    expect(await server.deps.db.select().from(tags).where(eq(tags.id, 'ok'))).toHaveLength(0);
  });
});

describe('autocomplete', () => {
  beforeAll(async () => {
    for (let index = 0; index < 12; index++)
      await postStory(server, alice, `<p>Many #auto${index}</p>`);
    await postStory(server, bob, '<p>Secret #autosecret</p>', {
      spaceId: privateSpace,
    });
  });
  const complete = (q: string, c: string, token?: string, spaceId?: string) =>
    gqlData<{ autocomplete: { id: string; name: string }[] }>(
      server.url,
      AUTOCOMPLETE,
      { q, c, spaceId },
      { token },
    ).then((data) => data.autocomplete);

  it('gives nothing for empty text', async () => {
    expect(await complete('', 'tags')).toEqual([]);
    expect(await complete('   ', 'participants', alice.token)).toEqual([]);
  });

  it('trims and lower-cases the text and gives at most 10 tags of the active space', async () => {
    const found = await complete('  #AUTO ', 'tags');
    expect(found).toHaveLength(10);
    expect(found.every((item) => item.id.startsWith('auto'))).toBe(true);
  });

  it('never suggests a tag used only in a private space to outsiders', async () => {
    for (const token of [carol.token, undefined, bob.token]) {
      expect((await complete('autos', 'tags', token)).map((item) => item.id)).toEqual([]);
    }
    expect(
      (await complete('autos', 'tags', bob.token, privateSpace)).map((item) => item.id),
    ).toEqual(['autosecret']);
    expect(
      await gqlError(
        server.url,
        AUTOCOMPLETE,
        { q: 'autos', c: 'tags', spaceId: privateSpace },
        { token: carol.token },
      ),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('suggests participants of a private space, and users by name prefix elsewhere, without e-mails', async () => {
    const inside = await complete('  B ', 'participants', alice.token, privateSpace);
    expect(inside.map((item) => item.name)).toEqual(['Bob']);
    expect(await complete('car', 'participants', alice.token, privateSpace)).toEqual([]);
    const everyone = await complete('car', 'participants', alice.token);
    expect(everyone.map((item) => item.name)).toContain('Carol');
    expect(JSON.stringify(everyone)).not.toContain('@example.test');
  });
});

describe('REST rows', () => {
  it('GET /list/v2?path=tags answers { success, items, last }', async () => {
    const response = await rest<{ items: TagView[]; last: string | null }>(
      server.url,
      'GET',
      '/api/list/v2?path=tags&orderBy=stories&results=2',
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.items).toHaveLength(2);
    expect(response.body.items[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      counters: expect.any(Object),
    });
    expect(typeof response.body.last).toBe('string');
    const next = await rest<{ items: TagView[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&orderBy=stories&results=2&lastDocumentID=${response.body.last}`,
    );
    expect(next.body.items.map((tag) => tag.id)).not.toContain(response.body.items[0]!.id);
  });

  it('GET /get/v2?path=tags/{id} answers { success, data }, 404 for a hidden tag', async () => {
    const response = await rest<{ data: TagView }>(
      server.url,
      'GET',
      '/api/get/v2?path=tags/water',
    );
    expect(response.body).toMatchObject({
      success: true,
      data: { id: 'water', counters: { totalStories: 1 } },
    });
    const hidden = await rest(server.url, 'GET', '/api/get/v2?path=tags/hushhush');
    expect(hidden.status).toBe(404);
    expect(hidden.body.success).toBe(false);
  });

  it('POST /tags {tags} answers { success }; signed out 401; bad tag 422', async () => {
    expect((await rest(server.url, 'POST', '/api/tags', { tags: ['resttag'] })).status).toBe(401);
    const response = await rest(
      server.url,
      'POST',
      '/api/tags',
      { tags: ['#RestTag'] },
      alice.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true });
    const bad = await rest(server.url, 'POST', '/api/tags', { tags: ['a#b'] }, alice.token);
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Invalid tag',
    });
  });

  it('POST /tags/followTags, /tags/follow and /tags/unfollow answer { success }', async () => {
    const hal = await signUpVerified(server, { displayName: 'Hal' });
    expect((await rest(server.url, 'POST', '/api/tags/follow', { id: 'water' })).status).toBe(401);
    const bulk = await rest(
      server.url,
      'POST',
      '/api/tags/followTags',
      { tags: ['water', 'resttag'] },
      hal.token,
    );
    expect(bulk.body).toMatchObject({ success: true });
    const unfollow = await rest(
      server.url,
      'POST',
      '/api/tags/unfollow',
      { id: 'water' },
      hal.token,
    );
    expect(unfollow.body).toMatchObject({
      success: true,
      data: { id: 'water', following: false },
    });
    const follow = await rest(
      server.url,
      'POST',
      '/api/tags/follow',
      { data: { name: '#Water' } },
      hal.token,
    );
    expect(follow.body).toMatchObject({
      success: true,
      data: { id: 'water', following: true },
    });
    expect(await followedBy(hal)).toEqual(['resttag', 'water']);
    const tooMany = await rest(
      server.url,
      'POST',
      '/api/tags/followTags',
      { tags: Array.from({ length: 11 }, (_, index) => `r${index}`) },
      hal.token,
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error?.message).toBe('You can only follow upto 10 tags');
  });

  it('POST /notifications/tags and /user/profileTags answer { success }', async () => {
    expect(
      (
        await rest(server.url, 'POST', '/api/user/profileTags', {
          profileTags: ['x'],
        })
      ).status,
    ).toBe(401);
    const alerts = await rest(
      server.url,
      'POST',
      '/api/notifications/tags',
      { tags: ['#Rain'] },
      bob.token,
    );
    expect(alerts.body).toMatchObject({ success: true });
    const profile = await rest(
      server.url,
      'POST',
      '/api/user/profileTags',
      { profileTags: ['#Cook', 'cook'] },
      bob.token,
    );
    expect(profile.body).toMatchObject({ success: true });
    const [row] = await server.deps.db.select().from(users).where(eq(users.id, bob.id));
    expect(row?.profileTags).toEqual(['cook']);
  });

  it('GET /autocomplete/search answers { success, data }', async () => {
    const response = await rest<{ data: { id: string }[] }>(
      server.url,
      'GET',
      '/api/autocomplete/search?searchParam=%23Wat&collection=tags',
    );
    expect(response.body).toEqual({
      success: true,
      data: [{ id: 'water', name: 'water', photoURL: null, role: null }],
    });
    const empty = await rest(
      server.url,
      'GET',
      '/api/autocomplete/search?searchParam=&collection=participants',
    );
    expect(empty.body).toEqual({ success: true, data: [] });
    const bad = await rest(
      server.url,
      'GET',
      '/api/autocomplete/search?searchParam=x&collection=emails',
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error?.message).toBe('Choose tags or participants');
  });
});
