import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES } from '@rules';
import { users } from '../../server/src/db/schema';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import { counterMismatches } from '../helpers/counters';
import {
  followTag,
  postProblem,
  postSkill,
  postSolution,
  postStory,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import {
  COMMON,
  DIRECTORY,
  FOLLOWERS,
  FOLLOWING_PEOPLE,
  FOLLOW_USER,
  UNFOLLOW_USER,
  follow,
  profileListIds,
  profileOf,
  type PersonPage,
  type PersonView,
} from '../helpers/factories/people';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let ada: TestUser;
let ben: TestUser;
let cleo: TestUser;
let acme: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [ada, ben, cleo, acme] = await Promise.all([
    signUpVerified(server, { displayName: 'Ada Lovelace' }),
    signUpVerified(server, { displayName: 'Ben Okafor' }),
    signUpVerified(server, { displayName: 'Cleo Rao' }),
    signUpVerified(server, { displayName: 'Acme Water Works', role: 'org' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

async function storedCounters(id: string) {
  const [row] = await server.deps.db
    .select({ followers: users.totalFollowers, following: users.totalFollowing })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe('following a person', () => {
  it('refuses a signed-out follow and unfollow with UNAUTHENTICATED, over GraphQL and REST', async () => {
    expect((await gqlError(server.url, FOLLOW_USER, { userId: ben.id })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await gqlError(server.url, UNFOLLOW_USER, { userId: ben.id })).code).toBe(
      'UNAUTHENTICATED',
    );
    const answer = await rest(server.url, 'POST', '/api/users/follow', { path: `users/${ben.id}` });
    expect(answer.status).toBe(401);
  });

  it('follows a person: both counters move by one and the profile says following', async () => {
    const before = await storedCounters(ben.id);
    const followed = await follow(server, ada, ben);
    expect(followed.following).toBe(true);
    expect(followed.counters.totalFollowers).toBe(before!.followers + 1);
    expect((await profileOf(server, ada.id)).counters.totalFollowing).toBe(1);
    expect((await profileOf(server, ben.id, ada)).following).toBe(true);
    expect((await profileOf(server, ben.id, cleo)).following).toBe(false);
    expect((await profileOf(server, ben.id)).following).toBe(false);
  });

  it('changes nothing when following the same person twice', async () => {
    const again = await follow(server, ada, ben);
    expect(again.counters.totalFollowers).toBe(1);
    expect(await storedCounters(ada.id)).toEqual({ followers: 0, following: 1 });
  });

  it('refuses to follow yourself with a clear message', async () => {
    const error = await gqlError(server.url, FOLLOW_USER, { userId: ada.id }, { token: ada.token });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: PEOPLE_MESSAGES.followSelf });
  });

  it('answers NOT_FOUND for following someone who does not exist', async () => {
    const error = await gqlError(
      server.url,
      FOLLOW_USER,
      { userId: 'nobody' },
      { token: ada.token },
    );
    expect(error.code).toBe('NOT_FOUND');
  });

  it('unfollows: counters go back, and unfollowing again changes nothing', async () => {
    await follow(server, cleo, ben);
    const data = await gqlData<{ unfollowUser: PersonView }>(
      server.url,
      UNFOLLOW_USER,
      { userId: ben.id },
      { token: cleo.token },
    );
    expect(data.unfollowUser).toMatchObject({ following: false });
    expect(data.unfollowUser.counters.totalFollowers).toBe(1);
    await gqlData(server.url, UNFOLLOW_USER, { userId: ben.id }, { token: cleo.token });
    expect(await storedCounters(ben.id)).toEqual({ followers: 1, following: 0 });
    expect(await storedCounters(cleo.id)).toEqual({ followers: 0, following: 0 });
  });

  it('counts exactly 50 followers when 50 people follow one person at once', async () => {
    const star = await signUpVerified(server, { displayName: 'Star' });
    const fans = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        signUpVerified(server, { displayName: `Fan ${index}` }),
      ),
    );
    await Promise.all(fans.map((fan) => follow(server, fan, star)));
    // Following back at the same time as being followed must not deadlock either.
    await Promise.all(fans.slice(0, 10).map((fan) => follow(server, star, fan)));
    expect(await storedCounters(star.id)).toEqual({ followers: 50, following: 10 });
    await Promise.all(
      fans
        .slice(0, 20)
        .map((fan) =>
          gqlData(server.url, UNFOLLOW_USER, { userId: star.id }, { token: fan.token }),
        ),
    );
    expect(await storedCounters(star.id)).toEqual({ followers: 30, following: 10 });
    expect(await counterMismatches(server.deps.db)).toEqual([]);
  });

  it('takes a deleted account out of the counters of the people it followed and who followed it', async () => {
    const leaving = await signUpVerified(server, { displayName: 'Leaving' });
    await follow(server, leaving, cleo);
    await follow(server, cleo, leaving);
    expect(await storedCounters(cleo.id)).toEqual({ followers: 1, following: 1 });
    await gqlData(server.url, 'mutation { deleteAccount }', {}, { token: leaving.token });
    expect(await storedCounters(cleo.id)).toEqual({ followers: 0, following: 0 });
  });
});

describe('followers and following lists', () => {
  let host: TestUser;
  let guests: TestUser[];

  beforeAll(async () => {
    host = await signUpVerified(server, { displayName: 'Host' });
    guests = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => signUpVerified(server, { displayName: `Guest ${n}` })),
    );
    for (const guest of guests) await follow(server, guest, host);
    await follow(server, host, guests[0]!);
  });

  it('lists followers to anyone, the latest first, page by page', async () => {
    const first = await gqlData<{ followers: PersonPage }>(server.url, FOLLOWERS, {
      userId: host.id,
      first: 3,
    });
    expect(first.followers.items.map((person) => person.displayName)).toEqual([
      'Guest 5',
      'Guest 4',
      'Guest 3',
    ]);
    const second = await gqlData<{ followers: PersonPage }>(server.url, FOLLOWERS, {
      userId: host.id,
      first: 3,
      after: first.followers.last,
    });
    expect(second.followers.items.map((person) => person.displayName)).toEqual([
      'Guest 2',
      'Guest 1',
    ]);
    expect(second.followers.last).toBeNull();
  });

  it('lists the people someone follows, with whether the viewer follows each', async () => {
    const data = await gqlData<{ followingPeople: PersonPage }>(
      server.url,
      FOLLOWING_PEOPLE,
      { userId: guests[1]!.id },
      { token: guests[0]!.token },
    );
    expect(data.followingPeople.items).toEqual([
      expect.objectContaining({ id: host.id, following: true }),
    ]);
  });

  it('answers NOT_FOUND for the lists of someone who does not exist', async () => {
    expect((await gqlError(server.url, FOLLOWERS, { userId: 'nobody' })).code).toBe('NOT_FOUND');
  });

  it('serves both lists over REST, and 404 for an unknown person', async () => {
    const followers = await rest<{ items: { uid: string }[]; last: string | null }>(
      server.url,
      'GET',
      `/api/list/v2?path=users/${host.id}/followers&results=2`,
    );
    expect(followers.status).toBe(200);
    expect(followers.body.items.map((person) => person.uid)).toEqual([
      guests[4]!.id,
      guests[3]!.id,
    ]);
    const following = await rest<{ items: { uid: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=users/${host.id}/following`,
    );
    expect(following.body.items.map((person) => person.uid)).toEqual([guests[0]!.id]);
    const missing = await rest(server.url, 'GET', '/api/list/v2?path=users/nobody/followers');
    expect(missing.status).toBe(404);
  });

  it('follows and unfollows over REST by path or by userId', async () => {
    const fan = await signUpVerified(server, { displayName: 'REST fan' });
    const followed = await rest<{
      data: { following: boolean; counters: { totalFollowers: number } };
    }>(server.url, 'POST', '/api/users/follow', { path: `users/${host.id}` }, fan.token);
    expect(followed.status).toBe(200);
    expect(followed.body.data).toMatchObject({ following: true, counters: { totalFollowers: 6 } });
    const unfollowed = await rest<{ data: { following: boolean } }>(
      server.url,
      'POST',
      '/api/users/unfollow',
      { userId: host.id },
      fan.token,
    );
    expect(unfollowed.body.data.following).toBe(false);
    const self = await rest(server.url, 'POST', '/api/users/follow', { userId: fan.id }, fan.token);
    expect(self.status).toBe(422);
    const missing = await rest(
      server.url,
      'POST',
      '/api/users/follow',
      { path: 'users/nobody' },
      fan.token,
    );
    expect(missing.status).toBe(404);
  });
});

describe('a profile', () => {
  it('shows the public fields to a signed-out visitor, never the e-mail', async () => {
    const result = await gql(server.url, 'query($id: ID!) { person(id: $id) { email } }', {
      id: ada.id,
    });
    expect(result.errors?.[0]?.message).toMatch(/email/u);
    const profile = await profileOf(server, acme.id);
    expect(profile).toMatchObject({ displayName: 'Acme Water Works', role: 'org', photoURL: '' });
  });

  it('answers NOT_FOUND for an unknown id, and 404 over REST', async () => {
    expect((await gqlError(server.url, 'query { person(id: "nobody") { id } }')).code).toBe(
      'NOT_FOUND',
    );
    expect((await rest(server.url, 'GET', '/api/get/v2?path=people/nobody')).status).toBe(404);
  });

  it('lists and counts the stories, problems, solutions and skills posted under the name', async () => {
    const author = await signUpVerified(server, { displayName: 'Prolific' });
    const story = await postStory(server, author, '<p>Our well is dry #water</p>');
    const problem = await postProblem(server, author, 'Dry wells');
    const solution = await postSolution(server, author, { problemId: problem.id });
    const skill = await postSkill(server, author);
    await postStory(server, author, '<p>Draft #water</p>', { isDraft: true });
    const profile = await profileOf(server, author.id);
    expect(profile.counters).toMatchObject({
      totalStories: 1,
      totalProblems: 1,
      totalSolutions: 1,
      totalSkills: 1,
    });
    expect(await profileListIds(server, 'personStories', author.id)).toEqual([story.id]);
    expect(await profileListIds(server, 'personProblems', author.id)).toEqual([problem.id]);
    expect(await profileListIds(server, 'personSolutions', author.id)).toEqual([solution.id]);
    expect(await profileListIds(server, 'personSkills', author.id)).toEqual([skill.id]);
    const restStories = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=users/${author.id}/stories`,
    );
    expect(restStories.body.items.map((item) => item.id)).toEqual([story.id]);
    const restProfile = await rest<{ data: { uid: string; counters: { totalStories: number } } }>(
      server.url,
      'GET',
      `/api/get/v2?path=people/${author.id}`,
    );
    expect(restProfile.body.data).toMatchObject({ uid: author.id, counters: { totalStories: 1 } });
  });

  it('pages a long tab without repeating or skipping an item', async () => {
    const author = await signUpVerified(server, { displayName: 'Writer' });
    const posted: string[] = [];
    for (let n = 0; n < 5; n += 1)
      posted.unshift((await postStory(server, author, `<p>Entry ${n} #diary</p>`)).id);
    expect(await profileListIds(server, 'personStories', author.id, undefined, 2)).toEqual(posted);
  });

  it('lists the problems a person joined on the Solving tab', async () => {
    const solver = await signUpVerified(server, { displayName: 'Solver' });
    const problem = await postProblem(server, ada, 'Broken pumps');
    await gqlData(
      server.url,
      'mutation($id: ID!) { joinProblem(id: $id) { id } }',
      { id: problem.id },
      { token: solver.token },
    );
    expect(await profileListIds(server, 'personSolving', solver.id)).toEqual([problem.id]);
    expect(
      await rest(server.url, 'GET', `/api/list/v2?path=users/${solver.id}/solving`),
    ).toMatchObject({
      status: 200,
      body: { items: [expect.objectContaining({ id: problem.id })] },
    });
  });
});

describe('what we share', () => {
  it('refuses a signed-out visitor with UNAUTHENTICATED', async () => {
    expect((await gqlError(server.url, COMMON, { userId: ada.id })).code).toBe('UNAUTHENTICATED');
  });

  it('lists the tags and problems two people share, and nothing they do not', async () => {
    const one = await signUpVerified(server, { displayName: 'One' });
    const two = await signUpVerified(server, { displayName: 'Two' });
    await followTag(server, one, 'rivers');
    await followTag(server, two, 'rivers');
    await followTag(server, two, 'deserts');
    const shared = await postProblem(server, one, 'Silted river');
    await postProblem(server, one, 'Only mine');
    await gqlData(
      server.url,
      'mutation($id: ID!) { joinProblem(id: $id) { id } }',
      { id: shared.id },
      { token: two.token },
    );
    const data = await gqlData<{
      common: { tags: string[]; problems: { id: string }[]; spaces: { id: string }[] };
    }>(server.url, COMMON, { userId: two.id }, { token: one.token });
    expect(data.common.tags).toEqual(['rivers']);
    expect(data.common.problems.map((problem) => problem.id)).toEqual([shared.id]);
    const overRest = await rest<{ data: { tags: string[] } }>(
      server.url,
      'GET',
      `/api/get/v2?path=users/${two.id}/common`,
      undefined,
      one.token,
    );
    expect(overRest.body.data.tags).toEqual(['rivers']);
  });
});

describe('directories', () => {
  it('lists people in /network/people and organisations in /network/orgs, newest first', async () => {
    const people = await gqlData<{ people: PersonPage }>(server.url, DIRECTORY('people'), {
      first: 100,
    });
    const orgs = await gqlData<{ orgs: PersonPage }>(server.url, DIRECTORY('orgs'), { first: 100 });
    expect(people.people.items.every((person) => person.role === 'person')).toBe(true);
    expect(people.people.items.map((person) => person.id)).toContain(ada.id);
    expect(orgs.orgs.items.map((org) => org.id)).toEqual([acme.id]);
  });

  it('searches names, case and position ignored', async () => {
    const found = await gqlData<{ people: PersonPage }>(server.url, DIRECTORY('people'), {
      query: 'lovel',
    });
    expect(found.people.items.map((person) => person.id)).toEqual([ada.id]);
  });

  it('pages the directory without repeating or skipping anyone', async () => {
    const everyone = async (first: number) => {
      const ids: string[] = [];
      let after: string | null = null;
      do {
        const page: { people: PersonPage } = await gqlData(server.url, DIRECTORY('people'), {
          first,
          after,
        });
        ids.push(...page.people.items.map((person) => person.id));
        after = page.people.last;
      } while (after);
      return ids;
    };
    const inBigPages = await everyone(100);
    expect(await everyone(7)).toEqual(inBigPages);
    expect(new Set(inBigPages).size).toBe(inBigPages.length);
  });

  it('serves the directories over REST', async () => {
    const orgs = await rest<{ items: { uid: string; role: string }[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=orgs',
    );
    expect(orgs.body.items).toEqual([expect.objectContaining({ uid: acme.id, role: 'org' })]);
    const search = await rest<{ items: { uid: string }[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=people&query=okafor',
    );
    expect(search.body.items.map((person) => person.uid)).toEqual([ben.id]);
  });

  it('refuses a search longer than 100 characters', async () => {
    const error = await gqlError(server.url, DIRECTORY('people'), { query: 'x'.repeat(101) });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: PEOPLE_MESSAGES.searchMax });
  });
});
