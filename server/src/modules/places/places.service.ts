import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { htmlToPlainText, placeSearchSchema, positionSchema, SPACE_LOCATIONS_MAX } from '@rules';
import type { Config } from '../../config';
import type { Context } from '../../context';
import { problems, solutions, stories } from '../../db/schema';
import { parseInput } from '../../errors';
import type { Log } from '../../log';
import { problemListedFor } from '../problems/problem.policy';
import { solutionListedFor } from '../solutions/solution.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import { storyShownFor } from '../stories/story.policy';
import { gazetteer } from './gazetteer';
import type { Geocoder } from './geocoder';
import type { Place } from './location.types';
import { nominatim } from './nominatim';
import type { LocatedPost } from './places.types';

/** Places a search answers when the caller names no limit. */
const SEARCH_LIMIT = 8;
/** How much of a story's text titles its pin on the map. */
const STORY_TITLE_LENGTH = 80;

/** GEOCODER_URL's service (falling back to the gazetteer), else the gazetteer alone. */
const geocoderOf = (ctx: { config: Config; log: Log }): Geocoder =>
  ctx.config.geocoderUrl ? nominatim(ctx.config.geocoderUrl, ctx.log) : gazetteer;

/**
 * Places whose name matches the text (longer than 3 characters), in one country when
 * `countryCode` is given (the active space's code, either case). Anyone may search: the location
 * picker works before sign-in is asked for.
 */
export async function searchPlaces(ctx: Context, input: unknown): Promise<Place[]> {
  const { query, countryCode, limit } = parseInput(placeSearchSchema, input);
  return geocoderOf(ctx).search(query, countryCode ?? null, limit ?? SEARCH_LIMIT);
}

/** The place at a position ("use my current position"); null when no town is near. */
export async function reversePlace(ctx: Context, input: unknown): Promise<Place | null> {
  const { lat, lng } = parseInput(positionSchema, input);
  return geocoderOf(ctx).reverse(lat, lng);
}

const storyTitle = (html: string) => {
  const text = htmlToPlainText(html).replace(/\s+/gu, ' ').trim();
  return text.length > STORY_TITLE_LENGTH ? `${text.slice(0, STORY_TITLE_LENGTH - 1)}…` : text;
};

/**
 * The located stories, problems and solutions of a space the viewer may see listed (the posts'
 * own policies), newest first, at most SPACE_LOCATIONS_MAX: the pins of the /location map. A
 * space the viewer cannot read is NOT_FOUND.
 */
export async function spaceLocations(ctx: Context, spaceId: string): Promise<LocatedPost[]> {
  const space = await resolveActiveSpace(ctx, spaceId);
  const located = (table: typeof stories | typeof problems | typeof solutions) =>
    and(eq(table.spaceId, space.id), isNotNull(table.lat), isNotNull(table.lng));
  const place = (table: typeof stories | typeof problems | typeof solutions) => ({
    lat: sql<number>`${table.lat}`,
    lng: sql<number>`${table.lng}`,
    formattedLocation: table.formattedLocation,
    createdAt: table.createdAt,
  });
  // Each kind is read newest first up to the cap, then the three merge: no kind can crowd the
  // others out of the newest SPACE_LOCATIONS_MAX.
  const [storyRows, problemRows, solutionRows] = await Promise.all([
    ctx.db
      .select({ postId: stories.id, text: stories.story, ...place(stories) })
      .from(stories)
      .where(and(located(stories), storyShownFor(ctx.viewer)))
      .orderBy(desc(stories.createdAt))
      .limit(SPACE_LOCATIONS_MAX),
    ctx.db
      .select({ postId: problems.id, title: problems.name, ...place(problems) })
      .from(problems)
      .where(and(located(problems), problemListedFor(ctx.viewer)))
      .orderBy(desc(problems.createdAt))
      .limit(SPACE_LOCATIONS_MAX),
    ctx.db
      .select({ postId: solutions.id, title: solutions.name, ...place(solutions) })
      .from(solutions)
      .where(and(located(solutions), solutionListedFor(ctx.viewer)))
      .orderBy(desc(solutions.createdAt))
      .limit(SPACE_LOCATIONS_MAX),
  ]);
  const posts = [
    ...storyRows.map(({ text, ...row }) => ({
      ...row,
      postType: 'story' as const,
      title: storyTitle(text),
    })),
    ...problemRows.map((row) => ({ ...row, postType: 'problem' as const })),
    ...solutionRows.map((row) => ({ ...row, postType: 'solution' as const })),
  ];
  return posts
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, SPACE_LOCATIONS_MAX)
    .map(({ createdAt: _createdAt, ...post }) => post);
}
