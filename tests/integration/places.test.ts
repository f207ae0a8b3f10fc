import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GLOBAL_SPACE_ID, MEDIA_MESSAGES } from '@rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  CHENNAI,
  CREATE_SOLUTION,
  createPrivateSpace,
  HYDERABAD,
  insertProblem,
  postProblemAt,
  postStoryAt,
  SECUNDERABAD,
  signUpVerified,
  VIJAYAWADA,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, startTestServerOn, type TestServer } from '../helpers/server';

/**
 * Place search for the location picker (offline gazetteer, or a Nominatim service at
 * GEOCODER_URL with the gazetteer behind it), the place at a position, and the located posts of a
 * space for the /location map.
 */
interface PlaceView {
  formattedLocation: string;
  lat: number;
  lng: number;
  countryCode: string | null;
  locationTags: string[];
}

const PLACE_FIELDS = 'formattedLocation lat lng countryCode locationTags';
const SEARCH = `query($query: String!, $countryCode: String) {
  searchPlaces(query: $query, countryCode: $countryCode) { ${PLACE_FIELDS} }
}`;
const REVERSE = `query($lat: Float!, $lng: Float!) { reversePlace(lat: $lat, lng: $lng) { ${PLACE_FIELDS} } }`;
const SPACE_LOCATIONS = `query($spaceId: ID!) {
  spaceLocations(spaceId: $spaceId) { postType postId title lat lng formattedLocation }
}`;

const search = async (server: TestServer, query: string, countryCode?: string) =>
  (await gqlData<{ searchPlaces: PlaceView[] }>(server.url, SEARCH, { query, countryCode }))
    .searchPlaces;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

afterAll(() => server?.stop());

describe('searchPlaces (offline gazetteer)', () => {
  it('finds Hyderabad in India for "Hyde" restricted to IN, signed out', async () => {
    const places = await search(server, 'Hyde', 'IN');
    expect(places[0]).toMatchObject({ formattedLocation: 'Hyderabad, India', countryCode: 'in' });
    expect(places[0]!.lat).toBeCloseTo(HYDERABAD.lat, 1);
    expect(places[0]!.lng).toBeCloseTo(HYDERABAD.lng, 1);
    expect(places[0]!.locationTags).toEqual(['Hyderabad', 'India']);
  });

  it('applies the country filter, in either case', async () => {
    const inPakistan = await search(server, 'Hyderabad', 'pk');
    expect(inPakistan.length).toBeGreaterThan(0);
    expect(inPakistan.every((place) => place.countryCode === 'pk')).toBe(true);
    const everywhere = await search(server, 'Hyderabad');
    expect(new Set(everywhere.map((place) => place.countryCode))).toEqual(new Set(['in', 'pk']));
  });

  it('ranks the most populous town of a name first, ignoring case and accents', async () => {
    const places = await search(server, 'SAO PAULO');
    expect(places[0]).toMatchObject({ formattedLocation: 'São Paulo, Brazil', countryCode: 'br' });
  });

  it('lists names starting with the text before names containing it, however large', async () => {
    const places = (await search(server, 'York')).map((place) => place.formattedLocation);
    expect(places.slice(0, 2)).toEqual(['York, United Kingdom', 'York, United States']);
    expect(places.indexOf('New York City, United States')).toBeGreaterThan(
      places.indexOf('Yorkton, Canada'),
    );
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await search(server, 'Qqqqxz')).toEqual([]);
  });

  it('refuses text of 3 characters with the message', async () => {
    const error = await gqlError(server.url, SEARCH, { query: 'Hyd' });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: MEDIA_MESSAGES.searchTooShort });
    const padded = await gqlError(server.url, SEARCH, { query: '  Hyd  ' });
    expect(padded.message).toBe(MEDIA_MESSAGES.searchTooShort);
  });

  it('refuses a country code that is not two letters', async () => {
    const error = await gqlError(server.url, SEARCH, { query: 'Hyderabad', countryCode: 'IND' });
    expect(error.code).toBe('BAD_USER_INPUT');
  });

  it('answers over REST at /api/places/search', async () => {
    const { status, body } = await rest<{ items: PlaceView[] }>(
      server.url,
      'GET',
      '/api/places/search?query=Vijay&countryCode=in',
    );
    expect(status).toBe(200);
    expect(body.items[0]?.formattedLocation).toBe('Vijayawada, India');
    const short = await rest(server.url, 'GET', '/api/places/search?query=Vij');
    expect(short.status).toBe(422);
    expect(short.body.error?.message).toBe(MEDIA_MESSAGES.searchTooShort);
  });
});

describe('reversePlace', () => {
  it('names Hyderabad for a position in Hyderabad', async () => {
    const { reversePlace } = await gqlData<{ reversePlace: PlaceView | null }>(
      server.url,
      REVERSE,
      { lat: 17.39, lng: 78.49 },
    );
    expect(reversePlace?.formattedLocation).toBe('Hyderabad, India');
  });

  it('answers null in the open ocean, far from any town', async () => {
    const { reversePlace } = await gqlData<{ reversePlace: PlaceView | null }>(
      server.url,
      REVERSE,
      { lat: -40, lng: -120 },
    );
    expect(reversePlace).toBeNull();
  });

  it('refuses a position off the globe, and answers over REST', async () => {
    expect((await gqlError(server.url, REVERSE, { lat: 95, lng: 0 })).code).toBe('BAD_USER_INPUT');
    const { status, body } = await rest<{ data: PlaceView }>(
      server.url,
      'GET',
      `/api/places/reverse?lat=${CHENNAI.lat}&lng=${CHENNAI.lng}`,
    );
    expect(status).toBe(200);
    expect(body.data.formattedLocation).toBe('Chennai, India');
    expect((await rest(server.url, 'GET', '/api/places/reverse?lat=x&lng=1')).status).toBe(422);
  });
});

describe('a geocoder at GEOCODER_URL', () => {
  let geocoder: Server;
  let geocoderUrl: string;
  let withGeocoder: TestServer;
  const asked: URL[] = [];
  /** While set, the geocoder takes every question and never answers. */
  let hanging = false;

  beforeAll(async () => {
    geocoder = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://geocoder');
      asked.push(url);
      if (hanging) return;
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/reverse') {
        res.end(
          JSON.stringify({
            lat: '17.44',
            lon: '78.50',
            name: 'Secunderabad',
            display_name: 'Secunderabad, Hyderabad, Telangana, India',
            address: {
              city: 'Secunderabad',
              state: 'Telangana',
              country: 'India',
              country_code: 'in',
            },
          }),
        );
        return;
      }
      res.end(
        JSON.stringify([
          {
            lat: '17.4399',
            lon: '78.4983',
            name: 'Secunderabad',
            display_name: 'Secunderabad, Hyderabad, Telangana, India',
            address: {
              city: 'Secunderabad',
              state: 'Telangana',
              country: 'India',
              country_code: 'in',
            },
          },
        ]),
      );
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
    withGeocoder = await startTestServerOn(undefined, { GEOCODER_URL: geocoderUrl });
  }, 60_000);

  afterAll(async () => {
    await withGeocoder?.stop();
    if (geocoder.listening) await new Promise((resolve) => geocoder.close(resolve));
  });

  it('asks it Nominatim questions and answers what it found', async () => {
    const places = await search(withGeocoder, 'Secunderabad station', 'IN');
    expect(places).toEqual([
      {
        formattedLocation: 'Secunderabad, Hyderabad, Telangana, India',
        lat: 17.4399,
        lng: 78.4983,
        countryCode: 'in',
        locationTags: ['Secunderabad', 'Telangana', 'India'],
      },
    ]);
    const question = asked.at(-1)!;
    expect(question.pathname).toBe('/search');
    expect(Object.fromEntries(question.searchParams)).toMatchObject({
      format: 'jsonv2',
      q: 'Secunderabad station',
      countrycodes: 'in',
    });
  });

  it('asks it for the place at a position', async () => {
    const { reversePlace } = await gqlData<{ reversePlace: PlaceView | null }>(
      withGeocoder.url,
      REVERSE,
      { lat: SECUNDERABAD.lat, lng: SECUNDERABAD.lng },
    );
    expect(reversePlace?.formattedLocation).toBe('Secunderabad, Hyderabad, Telangana, India');
    expect(asked.at(-1)!.pathname).toBe('/reverse');
  });

  it('falls back to the gazetteer when it does not answer in time', async () => {
    hanging = true;
    const started = Date.now();
    const places = await search(withGeocoder, 'Chennai', 'in');
    hanging = false;
    expect(places[0]?.formattedLocation).toBe('Chennai, India');
    expect(asked.at(-1)!.searchParams.get('q')).toBe('Chennai');
    // Given up after its 3 s, not the request's own 15 s timeout.
    expect(Date.now() - started).toBeLessThan(8_000);
  }, 15_000);

  it('falls back to the gazetteer when it is gone', async () => {
    await new Promise((resolve) => geocoder.close(resolve));
    const places = await search(withGeocoder, 'Vijayawada', 'in');
    expect(places[0]?.formattedLocation).toBe('Vijayawada, India');
  });
});

describe('spaceLocations (the /location map)', () => {
  let author: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let privateSpace: string;

  interface LocatedPostView {
    postType: string;
    postId: string;
    title: string;
    lat: number;
    lng: number;
    formattedLocation: string | null;
  }
  const locations = async (spaceId: string, token?: string) =>
    (
      await gqlData<{ spaceLocations: LocatedPostView[] }>(
        server.url,
        SPACE_LOCATIONS,
        { spaceId },
        { token },
      )
    ).spaceLocations;

  const posted: Record<string, string> = {};

  beforeAll(async () => {
    [author, member, outsider] = await Promise.all([
      signUpVerified(server, { displayName: 'Mapper' }),
      signUpVerified(server, { displayName: 'Member' }),
      signUpVerified(server, { displayName: 'Outsider' }),
    ]);
    posted.story = (
      await postStoryAt(server, author, HYDERABAD, {
        story: '<p>The lake in <b>Hyderabad</b> is back #water</p>',
      })
    ).id;
    posted.unlocated = (await postStoryAt(server, author, null)).id;
    posted.draft = (await postStoryAt(server, author, CHENNAI, { isDraft: true })).id;
    posted.problem = (await postProblemAt(server, author, VIJAYAWADA, { name: 'Floods' })).id;
    const problemId = await insertProblem(server, author, { spaceId: GLOBAL_SPACE_ID });
    const { createSolution } = await gqlData<{ createSolution: { id: string } }>(
      server.url,
      CREATE_SOLUTION,
      {
        input: {
          problemId,
          name: 'Rain tanks',
          description: '<p>Collect the rain #water</p>',
          location: SECUNDERABAD,
        },
      },
      { token: author.token },
    );
    posted.solution = createSolution.id;
    privateSpace = (
      await createPrivateSpace(server, author, {
        members: [{ user: member, status: 'contributor' }],
      })
    ).id;
    posted.secret = (await postStoryAt(server, author, HYDERABAD, { spaceId: privateSpace })).id;
  }, 60_000);

  it('lists the located stories, problems and solutions of a space, newest first, signed out', async () => {
    const pins = await locations(GLOBAL_SPACE_ID);
    expect(pins.map((pin) => [pin.postType, pin.postId])).toEqual([
      ['solution', posted.solution],
      ['problem', posted.problem],
      ['story', posted.story],
    ]);
    expect(pins[2]).toEqual({
      postType: 'story',
      postId: posted.story,
      title: 'The lake in Hyderabad is back #water',
      lat: HYDERABAD.lat,
      lng: HYDERABAD.lng,
      formattedLocation: 'Hyderabad, India',
    });
    expect(pins[1]?.title).toBe('Floods');
  });

  it('leaves out unlocated posts and drafts, even for their author', async () => {
    const ids = (await locations(GLOBAL_SPACE_ID, author.token)).map((pin) => pin.postId);
    expect(ids).not.toContain(posted.unlocated);
    expect(ids).not.toContain(posted.draft);
  });

  it("shows a private space's pins to its members only", async () => {
    expect((await locations(privateSpace, member.token)).map((pin) => pin.postId)).toEqual([
      posted.secret,
    ]);
    expect((await gqlError(server.url, SPACE_LOCATIONS, { spaceId: privateSpace })).code).toBe(
      'NOT_FOUND',
    );
    const asOutsider = await gqlError(
      server.url,
      SPACE_LOCATIONS,
      { spaceId: privateSpace },
      { token: outsider.token },
    );
    expect(asOutsider.code).toBe('NOT_FOUND');
    expect((await locations(GLOBAL_SPACE_ID, member.token)).map((pin) => pin.postId)).not.toContain(
      posted.secret,
    );
  });

  it('answers over REST at /list/v2?path=spaces/{id}/locations', async () => {
    const { status, body } = await rest<{ items: { postId: string }[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=spaces/${GLOBAL_SPACE_ID}/locations`,
    );
    expect(status).toBe(200);
    expect(body.items.map((pin) => pin.postId)).toEqual([
      posted.solution,
      posted.problem,
      posted.story,
    ]);
    const hidden = await rest(
      server.url,
      'GET',
      `/api/list/v2?path=spaces/${privateSpace}/locations`,
      undefined,
      outsider.token,
    );
    expect(hidden.status).toBe(404);
  });
});
