import { MEDIA_MESSAGES, NEARBY_RADIUS_KM } from '@rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlError, rest } from '../helpers/clients';
import {
  CHENNAI,
  createPrivateSpace,
  HYDERABAD,
  kmBetween,
  NEAR_PROBLEMS,
  NEAR_STORIES,
  postProblemAt,
  postStoryAt,
  problemsNear,
  SECUNDERABAD,
  signUpVerified,
  storiesNear,
  VIJAYAWADA,
  type LocatedView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The location sort (nearest first) and the nearby filter of the story and problem lists, on
 * known coordinates: a viewer at Hyderabad has Secunderabad ~6 km away, Vijayawada ~250 km and
 * Chennai ~520 km. Only located posts are in the location sort; private spaces stay private.
 */
let server: TestServer;
let author: TestUser;
let member: TestUser;
let outsider: TestUser;
let privateSpace: string;
/** Stories by place, posted out of distance order so the sort has something to do. */
const story: Record<'hyderabad' | 'secunderabad' | 'vijayawada' | 'chennai' | 'nowhere', string> = {
  hyderabad: '',
  secunderabad: '',
  vijayawada: '',
  chennai: '',
  nowhere: '',
};
const problem: Record<'hyderabad' | 'secunderabad' | 'vijayawada' | 'chennai', string> = {
  hyderabad: '',
  secunderabad: '',
  vijayawada: '',
  chennai: '',
};
let privateStory: LocatedView;

const AT_HYDERABAD = { lat: HYDERABAD.lat, lng: HYDERABAD.lng };
const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

beforeAll(async () => {
  server = await startTestServer();
  [author, member, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Member' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  story.chennai = (await postStoryAt(server, author, CHENNAI)).id;
  story.nowhere = (await postStoryAt(server, author, null)).id;
  story.secunderabad = (await postStoryAt(server, author, SECUNDERABAD)).id;
  story.vijayawada = (await postStoryAt(server, author, VIJAYAWADA)).id;
  story.hyderabad = (await postStoryAt(server, author, HYDERABAD)).id;
  problem.vijayawada = (await postProblemAt(server, author, VIJAYAWADA)).id;
  problem.hyderabad = (await postProblemAt(server, author, HYDERABAD)).id;
  problem.chennai = (await postProblemAt(server, author, CHENNAI)).id;
  problem.secunderabad = (await postProblemAt(server, author, SECUNDERABAD)).id;
  await postProblemAt(server, author, null);
  privateSpace = (
    await createPrivateSpace(server, author, { members: [{ user: member, status: 'contributor' }] })
  ).id;
  privateStory = await postStoryAt(server, author, HYDERABAD, { spaceId: privateSpace });
}, 60_000);

afterAll(() => server?.stop());

const byDistance = () => [story.hyderabad, story.secunderabad, story.vijayawada, story.chennai];

describe('stories sorted by location', () => {
  it('lists located stories nearest first to a signed-out visitor, without unlocated ones', async () => {
    const page = await storiesNear(server, { orderBy: 'location', position: AT_HYDERABAD });
    expect(ids(page)).toEqual(byDistance());
    expect(ids(page)).not.toContain(story.nowhere);
  });

  it('gives each story its distance from the position, within 1 km of the truth', async () => {
    const page = await storiesNear(server, {
      token: outsider.token,
      orderBy: 'location',
      position: AT_HYDERABAD,
    });
    const expected = [HYDERABAD, SECUNDERABAD, VIJAYAWADA, CHENNAI].map((spot) =>
      kmBetween(HYDERABAD, spot),
    );
    expect(expected[1]).toBeGreaterThan(5);
    expect(expected[2]).toBeGreaterThan(240);
    expect(expected[3]).toBeGreaterThan(500);
    page.items.forEach((item, index) => {
      expect(Math.abs(item.distanceKm! - expected[index]!)).toBeLessThan(1);
    });
  });

  it('pages through the location sort one story at a time in the same order', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await storiesNear(server, {
        orderBy: 'location',
        position: AT_HYDERABAD,
        first: 1,
        after,
      });
      seen.push(...ids(page));
      after = page.last ?? undefined;
    } while (after);
    expect(seen).toEqual(byDistance());
  });

  it('orders stories at the very same place by id, and pages across the tie without loss', async () => {
    const twins = await Promise.all(
      [1, 2, 3].map(() => postStoryAt(server, member, CHENNAI, { spaceId: privateSpace })),
    );
    const tied = twins.map((twin) => twin.id).sort();
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await storiesNear(server, {
        token: member.token,
        spaceId: privateSpace,
        orderBy: 'location',
        position: { lat: CHENNAI.lat, lng: CHENNAI.lng },
        first: 2,
        after,
      });
      seen.push(...ids(page));
      after = page.last ?? undefined;
    } while (after);
    expect(seen).toEqual([...tied, privateStory.id]);
  });

  it('shows no distance in a list that was given no position', async () => {
    const page = await storiesNear(server, {});
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item) => item.distanceKm === null)).toBe(true);
  });

  it('refuses the location sort without a position', async () => {
    const error = await gqlError(server.url, NEAR_STORIES, { orderBy: 'location' });
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: MEDIA_MESSAGES.positionNeeded,
    });
  });

  it('refuses a position off the globe', async () => {
    const error = await gqlError(server.url, NEAR_STORIES, {
      orderBy: 'location',
      position: { lat: 91, lng: 0 },
    });
    expect(error.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a cursor of another sort', async () => {
    const recent = await storiesNear(server, { first: 1 });
    const error = await gqlError(server.url, NEAR_STORIES, {
      orderBy: 'location',
      position: AT_HYDERABAD,
      after: recent.last,
    });
    expect(error.code).toBe('BAD_USER_INPUT');
  });
});

describe('the nearby filter', () => {
  it(`keeps only stories within ${NEARBY_RADIUS_KM} km, in the location sort`, async () => {
    const page = await storiesNear(server, {
      orderBy: 'location',
      position: AT_HYDERABAD,
      distance: 'nearby',
    });
    expect(ids(page)).toEqual([story.hyderabad, story.secunderabad]);
  });

  it('keeps only nearby stories in the recent sort too, newest first', async () => {
    const page = await storiesNear(server, { position: AT_HYDERABAD, distance: 'nearby' });
    expect(ids(page)).toEqual([story.hyderabad, story.secunderabad]);
    expect(page.items.every((item) => item.distanceKm !== null && item.distanceKm < 10)).toBe(true);
  });

  it('lists everything with distance all', async () => {
    const page = await storiesNear(server, { position: AT_HYDERABAD, distance: 'all' });
    expect(ids(page)).toEqual(expect.arrayContaining([...byDistance(), story.nowhere]));
  });

  it('refuses nearby without a position', async () => {
    const error = await gqlError(server.url, NEAR_STORIES, { distance: 'nearby' });
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: MEDIA_MESSAGES.positionNeeded,
    });
  });
});

describe('privacy of the location sort', () => {
  it("never lists a private space's located story to someone outside it", async () => {
    const global = await storiesNear(server, {
      token: outsider.token,
      orderBy: 'location',
      position: AT_HYDERABAD,
    });
    expect(ids(global)).not.toContain(privateStory.id);
    const asked = await gqlError(
      server.url,
      NEAR_STORIES,
      { spaceId: privateSpace, orderBy: 'location', position: AT_HYDERABAD },
      { token: outsider.token },
    );
    expect(asked.code).toBe('NOT_FOUND');
    const signedOut = await gqlError(server.url, NEAR_STORIES, {
      spaceId: privateSpace,
      orderBy: 'location',
      position: AT_HYDERABAD,
      distance: 'nearby',
    });
    expect(signedOut.code).toBe('NOT_FOUND');
  });

  it('lists it to a member of the space', async () => {
    const page = await storiesNear(server, {
      token: member.token,
      spaceId: privateSpace,
      orderBy: 'location',
      position: AT_HYDERABAD,
    });
    expect(ids(page)[0]).toBe(privateStory.id);
  });
});

describe('problems sorted by location', () => {
  it('lists located problems nearest first, with distances, without unlocated ones', async () => {
    const page = await problemsNear(server, { orderBy: 'location', position: AT_HYDERABAD });
    expect(ids(page)).toEqual([
      problem.hyderabad,
      problem.secunderabad,
      problem.vijayawada,
      problem.chennai,
    ]);
    expect(Math.abs(page.items[2]!.distanceKm! - kmBetween(HYDERABAD, VIJAYAWADA))).toBeLessThan(1);
  });

  it('pages through the location sort', async () => {
    const first = await problemsNear(server, {
      orderBy: 'location',
      position: AT_HYDERABAD,
      first: 3,
    });
    const rest = await problemsNear(server, {
      orderBy: 'location',
      position: AT_HYDERABAD,
      first: 3,
      after: first.last!,
    });
    expect([...ids(first), ...ids(rest)]).toEqual([
      problem.hyderabad,
      problem.secunderabad,
      problem.vijayawada,
      problem.chennai,
    ]);
    expect(rest.last).toBeNull();
  });

  it('keeps only nearby problems with the nearby filter', async () => {
    const page = await problemsNear(server, {
      orderBy: 'location',
      position: AT_HYDERABAD,
      distance: 'nearby',
    });
    expect(ids(page)).toEqual([problem.hyderabad, problem.secunderabad]);
  });

  it('refuses the location sort without a position', async () => {
    const error = await gqlError(server.url, NEAR_PROBLEMS, { orderBy: 'location' });
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: MEDIA_MESSAGES.positionNeeded,
    });
  });
});

describe('location sort over REST (/list/v2)', () => {
  const listed = (items: unknown) => (items as { id: string; distanceKm?: number }[]) ?? [];

  it('sorts stories by location with lat and lng, and gives each its distanceKm', async () => {
    const { status, body } = await rest<{ items: unknown }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories&orderBy=location&lat=${HYDERABAD.lat}&lng=${HYDERABAD.lng}`,
    );
    expect(status).toBe(200);
    const items = listed(body.items);
    expect(items.map((item) => item.id)).toEqual(byDistance());
    expect(Math.abs(items[3]!.distanceKm! - kmBetween(HYDERABAD, CHENNAI))).toBeLessThan(1);
  });

  it('filters stories and problems with distance=nearby', async () => {
    const near = `lat=${HYDERABAD.lat}&lng=${HYDERABAD.lng}&distance=nearby`;
    const stories = await rest<{ items: unknown }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories&orderBy=location&${near}`,
    );
    expect(listed(stories.body.items).map((item) => item.id)).toEqual([
      story.hyderabad,
      story.secunderabad,
    ]);
    const problems = await rest<{ items: unknown }>(
      server.url,
      'GET',
      `/api/list/v2?path=problems&orderBy=location&${near}`,
    );
    expect(listed(problems.body.items).map((item) => item.id)).toEqual([
      problem.hyderabad,
      problem.secunderabad,
    ]);
  });

  it('has no distanceKm in a list without a position', async () => {
    const { body } = await rest<{ items: unknown }>(server.url, 'GET', '/api/list/v2?path=stories');
    expect(listed(body.items).every((item) => !('distanceKm' in item))).toBe(true);
  });

  it('answers 422 with the message when lat and lng are missing', async () => {
    const { status, body } = await rest(
      server.url,
      'GET',
      '/api/list/v2?path=problems&orderBy=location',
    );
    expect(status).toBe(422);
    expect(body.error?.message).toBe(MEDIA_MESSAGES.positionNeeded);
  });

  it('answers 422 when lat is not a number', async () => {
    const { status } = await rest(
      server.url,
      'GET',
      '/api/list/v2?path=stories&orderBy=location&lat=north&lng=78',
    );
    expect(status).toBe(422);
  });
});
