import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Places with known coordinates, and located stories and problems posted over GraphQL. */

export interface Spot {
  lat: number;
  lng: number;
  formattedLocation: string;
}

export const HYDERABAD: Spot = { lat: 17.385, lng: 78.4867, formattedLocation: 'Hyderabad, India' };
/** About 6 km from Hyderabad. */
export const SECUNDERABAD: Spot = {
  lat: 17.4399,
  lng: 78.4983,
  formattedLocation: 'Secunderabad, India',
};
/** About 250 km from Hyderabad. */
export const VIJAYAWADA: Spot = {
  lat: 16.5062,
  lng: 80.648,
  formattedLocation: 'Vijayawada, India',
};
/** About 520 km from Hyderabad. */
export const CHENNAI: Spot = { lat: 13.0827, lng: 80.2707, formattedLocation: 'Chennai, India' };

/** The great-circle distance the server should report, in km (haversine, mean earth radius). */
export function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export interface LocatedView {
  id: string;
  distanceKm: number | null;
  location: { lat: number; lng: number; formattedLocation: string | null; hash: string } | null;
}

const LOCATED_FIELDS = 'id distanceKm location { lat lng formattedLocation hash }';

export const NEAR_STORIES = `query($spaceId: ID, $orderBy: StorySort, $position: PositionInput,
  $distance: DistanceFilter, $after: String, $first: Int) {
  stories(spaceId: $spaceId, orderBy: $orderBy, position: $position, distance: $distance,
    after: $after, first: $first) { items { ${LOCATED_FIELDS} story } last }
}`;

export const NEAR_PROBLEMS = `query($spaceId: ID, $orderBy: ProblemSort, $position: PositionInput,
  $distance: DistanceFilter, $after: String, $first: Int) {
  problems(spaceId: $spaceId, orderBy: $orderBy, position: $position, distance: $distance,
    after: $after, first: $first) { items { ${LOCATED_FIELDS} name } last }
}`;

/** A story at `spot` (none when null) in `spaceId` (the author's active space when omitted). */
export async function postStoryAt(
  server: TestServer,
  user: TestUser,
  spot: Spot | null,
  options: { story?: string; spaceId?: string; isDraft?: boolean } = {},
) {
  const data = await gqlData<{ createStory: LocatedView }>(
    server.url,
    `mutation($input: CreateStoryInput!) { createStory(input: $input) { ${LOCATED_FIELDS} } }`,
    {
      input: {
        story: options.story ?? `<p>News from ${spot?.formattedLocation ?? 'nowhere'} #places</p>`,
        spaceId: options.spaceId,
        isDraft: options.isDraft,
        location: spot,
      },
    },
    { token: user.token },
  );
  return data.createStory;
}

/** A problem at `spot` (none when null). */
export async function postProblemAt(
  server: TestServer,
  user: TestUser,
  spot: Spot | null,
  options: { name?: string; spaceId?: string } = {},
) {
  const data = await gqlData<{ createProblem: LocatedView }>(
    server.url,
    `mutation($input: CreateProblemInput!) { createProblem(input: $input) { ${LOCATED_FIELDS} } }`,
    {
      input: {
        name: options.name ?? `Water in ${spot?.formattedLocation ?? 'nowhere'}`,
        description: '<p>Families walk two hours for clean #water.</p>',
        spaceId: options.spaceId,
        location: spot,
      },
    },
    { token: user.token },
  );
  return data.createProblem;
}

export interface NearOptions {
  token?: string;
  spaceId?: string;
  orderBy?: string;
  position?: { lat: number; lng: number };
  distance?: 'nearby' | 'all';
  after?: string;
  first?: number;
}

type LocatedPage = { items: LocatedView[]; last: string | null };

/** One page of the stories list with place options. */
export async function storiesNear(server: TestServer, { token, ...variables }: NearOptions) {
  const data = await gqlData<{ stories: LocatedPage }>(server.url, NEAR_STORIES, variables, {
    token,
  });
  return data.stories;
}

/** One page of the problems list with place options. */
export async function problemsNear(server: TestServer, { token, ...variables }: NearOptions) {
  const data = await gqlData<{ problems: LocatedPage }>(server.url, NEAR_PROBLEMS, variables, {
    token,
  });
  return data.problems;
}
