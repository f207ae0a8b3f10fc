import {
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  GLOBAL_SPACE_ID,
  storySortSchema,
  type StoryList,
  type StorySort,
  TAG_FOLLOW_MAX,
  TAG_MESSAGES,
  TAG_TEXT_MAX,
  type TimeRangeInput,
} from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import {
  afterCursor,
  CURSOR_PLACEHOLDERS,
  decodeCursor,
  pageSize,
  toPage,
  type Page,
} from '../../db/keyset';
import type { Db } from '../../db/client';
import { columnPlaceholder, preparedStatement } from '../../db/prepared';
import { stories, tagFollows, users } from '../../db/schema';
import { timeRangeBounds } from '../../db/time-range';
import { parseInput } from '../../errors';
import { spaceReadableBy, type SqlViewer } from '../spaces/space.policy';
import { keysetSorts } from '../posts/post-sort';
import {
  chordKeyset,
  fromChord,
  nearnessColumns,
  nearnessSql,
  nearestPage,
  nearestReadLimit,
  parseListPlace,
} from '../places/nearness';
import { resolveActiveSpace } from '../spaces/space.service';
import { viewerEngagementColumn, type ViewerEngagement } from '../posts/engagement-columns';
import { storyListedFor, storyOnProblemFor, type StoryRow } from './story.policy';
import { problemFor } from './story.service';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import { requireViewer } from '../../auth/guards';

export type StoryListKind = StoryList | 'following';

export interface StoryListInput extends TimeRangeInput {
  list?: StoryListKind;
  spaceId?: string | null;
  /** The stories of one problem (its Stories tab); `list` and `spaceId` are then ignored. */
  problemId?: string | null;
  orderBy?: string | null;
  /** Only stories carrying one of these tags ('#' and case ignored). */
  tags?: readonly string[] | null;
  /** The viewer's position: needed by the 'location' sort and the nearby filter. */
  position?: { lat: number; lng: number } | null;
  /** 'nearby': only stories within NEARBY_RADIUS_KM of `position`. */
  distance?: string | null;
  after?: string | null;
  first?: number | null;
}

const filterSchema = z.object({
  orderBy: storySortSchema.nullish(),
  tags: z
    .array(z.string().max(TAG_TEXT_MAX, { message: TAG_MESSAGES.tagInvalid, abort: true }))
    .max(TAG_FOLLOW_MAX, TAG_MESSAGES.followTagsMax)
    .nullish()
    .transform((tags) =>
      (tags ?? []).map((tag) => tag.trim().replace(/^#+/u, '').toLowerCase()).filter(Boolean),
    ),
});

/** The space a list names, before any check: the given id, else the viewer's default, else global. */
const activeSpaceIdOf = (ctx: Context, input: StoryListInput) =>
  input.spaceId || ctx.viewer?.defaultSpaceId || GLOBAL_SPACE_ID;

/** A listed story with its author's row (null for a deleted author), joined by the list. */
export type StoryWithAuthor = StoryRow & {
  author: AuthorRow | null;
  viewerEngagement: ViewerEngagement | null;
  /** From the viewer's position, when the list was given one; `chord` orders the location sort. */
  distanceKm: number | null;
  chord: number | null;
};

const storySort = keysetSorts<typeof stories, Exclude<StorySort, 'location'>, StoryWithAuthor>(
  stories,
  {
    recent: 'createdAt',
    reactions: 'totalReactions',
    comments: 'totalComments',
  },
);

/**
 * What a list's SQL looks like. Lists of one shape share one prepared statement; everything that
 * varies between requests (space, viewer, bounds, tags, cursor, size) is a placeholder value.
 */
interface StoryListShape {
  list: StoryListKind | 'problem';
  sort: StorySort;
  signedIn: boolean;
  from: boolean;
  to: boolean;
  tags: boolean;
  cursor: boolean;
  position: boolean;
  nearby: boolean;
}

const placeholder = sql.placeholder;

/** Which stories a list holds, before filters, sort and cursor. */
function listScope(list: StoryListShape['list'], viewer: SqlViewer): SQL {
  // The viewer's own stories, in the spaces they can still read (like every other list).
  const mine = () =>
    and(eq(stories.authorId, placeholder('viewerId')), spaceReadableBy(viewer, stories.spaceId))!;
  switch (list) {
    case 'problem':
      return and(eq(stories.problemId, placeholder('problemId')), storyOnProblemFor(viewer))!;
    case 'recent':
      return and(eq(stories.spaceId, placeholder('spaceId')), storyListedFor(viewer))!;
    case 'following':
      return and(
        eq(stories.spaceId, placeholder('spaceId')),
        storyListedFor(viewer),
        sql`${stories.tags} && array(select ${tagFollows.tagId} from ${tagFollows} where ${tagFollows.userId} = ${placeholder('viewerId')})`,
      )!;
    case 'mystories':
      return and(mine(), eq(stories.isDraft, false), eq(stories.isAnonymousPost, false))!;
    case 'mydrafts':
      return and(mine(), eq(stories.isDraft, true))!;
    case 'anonymous':
      return and(mine(), eq(stories.isDraft, false), eq(stories.isAnonymousPost, true))!;
  }
}

function storyListStatement(db: Db, shape: StoryListShape) {
  const flags = [
    shape.signedIn,
    shape.from,
    shape.to,
    shape.tags,
    shape.cursor,
    shape.position,
    shape.nearby,
  ]
    .map(Number)
    .join('');
  return preparedStatement(db, `stories_${shape.list}_${shape.sort}_${flags}`, (db, name) => {
    const position = shape.position ? { lat: placeholder('lat'), lng: placeholder('lng') } : null;
    const near = position && nearnessSql(stories, position);
    // Nearest first: ordered by the chord alone, as the GiST index answers it (KNN); ties are put
    // in id order by nearestPage.
    const byDistance = shape.sort === 'location' && near;
    const column = shape.sort === 'location' ? null : storySort(shape.sort).column;
    // Authors, and the signed-in viewer's own reaction and bookmark, come in the same statement,
    // so the cards' author and viewer fields cost no further query.
    const viewerEngagement = shape.signedIn
      ? viewerEngagementColumn('stories', stories.id, placeholder('viewerId'))
      : sql<null>`null`;
    return db
      .select({
        ...getTableColumns(stories),
        author: AUTHOR_COLUMNS,
        viewerEngagement,
        ...nearnessColumns(stories, position),
      })
      .from(stories)
      .leftJoin(users, eq(users.id, stories.authorId))
      .where(
        and(
          listScope(shape.list, shape.signedIn ? { id: placeholder('viewerId') } : null),
          shape.from
            ? gte(stories.createdAt, columnPlaceholder('from', stories.createdAt))
            : undefined,
          shape.to ? lte(stories.createdAt, columnPlaceholder('to', stories.createdAt)) : undefined,
          shape.tags ? arrayOverlaps(stories.tags, placeholder('tags')) : undefined,
          shape.nearby && near ? near.nearby : undefined,
          byDistance ? byDistance.located : undefined,
          shape.cursor
            ? byDistance
              ? fromChord(byDistance.chord, CURSOR_PLACEHOLDERS)
              : afterCursor(column!, stories.id, CURSOR_PLACEHOLDERS)
            : undefined,
        ),
      )
      .orderBy(...(byDistance ? [asc(byDistance.chord)] : [desc(column!), desc(stories.id)]))
      .limit(placeholder('limit'))
      .prepare(name);
  });
}

/**
 * The public feed is per space; the viewer's own lists (mystories, mydrafts, anonymous) span every
 * space the viewer can read, because a draft or a pending post is the author's wherever it will
 * appear. Sorted by recent, reactions or comments, keyset on (sort value, id), within a time range;
 * or by location, nearest to the viewer's position first, keyset on (chord distance, id), only
 * stories with a place. The nearby filter keeps stories within NEARBY_RADIUS_KM, in any sort.
 */
export async function listStories(
  ctx: Context,
  input: StoryListInput,
): Promise<Page<StoryWithAuthor>> {
  const size = pageSize(input.first, ctx.pageSizeMax);
  const filters = parseInput(filterSchema, { orderBy: input.orderBy, tags: input.tags });
  const { from, to } = timeRangeBounds(input);
  const place = parseListPlace({
    orderBy: input.orderBy,
    position: input.position,
    distance: input.distance,
  });
  const sort = filters.orderBy ?? 'recent';
  const { kind, cursorOf } = sort === 'location' ? chordKeyset : storySort(sort);
  const cursor = decodeCursor(input.after, kind);
  const list = input.problemId ? 'problem' : (input.list ?? 'recent');
  const viewerId = list === 'recent' || list === 'problem' ? ctx.viewer?.id : requireViewer(ctx).id;
  const values = {
    viewerId,
    from,
    to,
    tags: filters.tags,
    cursorValue: cursor?.value,
    cursorId: cursor?.id,
    lat: place.position?.lat,
    lng: place.position?.lng,
    limit: sort === 'location' ? nearestReadLimit(size) : size + 1,
    // The busiest list, recent, needs no separate space lookup: storyListedFor already limits it
    // to readable spaces, and resolveActiveSpace is asked only when the page comes back empty.
    spaceId:
      list === 'following'
        ? (await resolveActiveSpace(ctx, input.spaceId)).id
        : activeSpaceIdOf(ctx, input),
    problemId: input.problemId ? (await problemFor(ctx, input.problemId)).id : undefined,
  };
  const statement = storyListStatement(ctx.db, {
    list,
    sort,
    signedIn: viewerId !== undefined,
    from: from !== null,
    to: to !== null,
    tags: filters.tags.length > 0,
    cursor: cursor !== null,
    position: place.position !== null,
    nearby: place.nearby,
  });
  const select = (spaceId: string) => statement.execute({ ...values, spaceId });
  let rows = await select(values.spaceId);
  if (rows.length === 0 && list === 'recent') {
    // Empty: either the space is quiet, or unreadable (NOT_FOUND), or the viewer's saved default
    // space fell back to the global one.
    const space = await resolveActiveSpace(ctx, input.spaceId);
    if (space.id !== values.spaceId) rows = await select(space.id);
  }
  if (sort === 'location') rows = nearestPage(rows, values.limit, cursor);
  return toPage(rows, size, cursorOf);
}
