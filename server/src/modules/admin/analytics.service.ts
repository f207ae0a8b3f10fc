import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ANALYTICS_TOP_PARTICIPANTS,
  ANALYTICS_TOP_TAGS,
  analyticsDaysSchema,
  COMMENTABLE_TYPES,
  idSchema,
} from '@rules';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import { comments, spaceParticipants, users } from '../../db/schema';
import { parseInput } from '../../errors';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import { commentShownTo } from '../comments/comment.policy';
import { postEngageableBy } from '../posts/post.service';
import { activeMemberIn, type SqlViewer } from '../spaces/space.policy';
import type { SpaceRow } from '../spaces/space.service';
import { resolveActiveSpace } from '../spaces/space.service';
import { managedSpace } from './admin.service';
import { POST_KIND_NAMES, POST_KINDS, postsCounted, type PostKindName } from './post-kinds';

/**
 * A space's manage overview and its analytics. Every series is one grouped statement over
 * `generate_series` (empty days included), never a query per day.
 */

const count = sql<number>`count(*)`.mapWith(Number);

/** Comments the viewer may see: shown to them (hidden ones are not), on a post they may engage with. */
function commentsShownTo(viewer: Viewer | null): SQL {
  const onVisiblePost = COMMENTABLE_TYPES.map(
    (type) =>
      sql`(${comments.itemType} = ${type} and ${comments.itemId} in (select ${POST_KINDS[type].table.id} from ${POST_KINDS[type].table} where ${postEngageableBy(type, viewer)}))`,
  );
  return and(commentShownTo(viewer), or(...onVisiblePost))!;
}

// ---------------------------------------------------------------------------------------------
// Days

/** Today in UTC: every day of a chart is a UTC day, whoever looks. */
const TODAY = sql`(now() at time zone 'UTC')::date`;

/** Midnight (UTC) of the first day of a period of `days` days ending today. */
const periodStart = (days: number) =>
  sql`((${TODAY} - ${days - 1}::int)::timestamp at time zone 'UTC')`;

const createdSince = (column: AnyPgColumn, days: number) => sql`${column} >= ${periodStart(days)}`;

interface DayCount {
  day: string;
  count: number;
}

/**
 * Rows of `source` (a select with a `created_at` column) per UTC day of the period, oldest first,
 * with 0 for a day without any: one grouped statement.
 */
async function countPerDay(ctx: Context, days: number, source: SQL): Promise<DayCount[]> {
  return ctx.db
    .select({
      day: sql<string>`to_char(d.day, 'YYYY-MM-DD')`,
      count: sql<number>`count(src.created_at)`.mapWith(Number),
    })
    .from(
      sql`generate_series((${TODAY} - ${days - 1}::int)::timestamp, ${TODAY}::timestamp, interval '1 day') as d(day)
        left join (${source}) as src on (src.created_at at time zone 'UTC')::date = d.day::date`,
    )
    .groupBy(sql`d.day`)
    .orderBy(sql`d.day`);
}

/** Per-day counts of each post kind over the period, as the given rule counts them. */
async function postsPerDay(
  ctx: Context,
  spaceId: string,
  days: number,
  viewer: SqlViewer | 'manager',
): Promise<Record<PostKindName, DayCount[]>> {
  const series = await Promise.all(
    POST_KIND_NAMES.map((kind) => {
      const { table } = POST_KINDS[kind];
      return countPerDay(
        ctx,
        days,
        sql`select ${table.createdAt} as created_at from ${table} where ${and(
          postsCounted(kind, spaceId, viewer),
          createdSince(table.createdAt, days),
        )}`,
      );
    }),
  );
  return Object.fromEntries(POST_KIND_NAMES.map((kind, index) => [kind, series[index]!])) as Record<
    PostKindName,
    DayCount[]
  >;
}

export interface DailyCountView {
  day: string;
  stories: number;
  problems: number;
  solutions: number;
  skills: number;
  people: number | null;
}

function zipDays(posts: Record<PostKindName, DayCount[]>, people?: DayCount[]): DailyCountView[] {
  return posts.stories.map(({ day }, index) => ({
    day,
    stories: posts.stories[index]?.count ?? 0,
    problems: posts.problems[index]?.count ?? 0,
    solutions: posts.solutions[index]?.count ?? 0,
    skills: posts.skills[index]?.count ?? 0,
    people: people ? (people[index]?.count ?? 0) : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// Manage overview

/** The people a public space counts are verified accounts; a private space's, its active participants. */
function peopleSource(space: SpaceRow, days: number): SQL {
  return space.isPrivate
    ? sql`select ${spaceParticipants.createdAt} as created_at from ${spaceParticipants} where ${and(
        activeMemberIn(space.id),
        createdSince(spaceParticipants.createdAt, days),
      )}`
    : sql`select ${users.createdAt} as created_at from ${users} where ${and(
        eq(users.emailVerified, true),
        createdSince(users.createdAt, days),
      )}`;
}

async function countPeople(ctx: Context, space: SpaceRow): Promise<number> {
  const [row] = space.isPrivate
    ? await ctx.db.select({ count }).from(spaceParticipants).where(activeMemberIn(space.id))
    : await ctx.db.select({ count }).from(users).where(eq(users.emailVerified, true));
  return row?.count ?? 0;
}

async function countPosts(ctx: Context, kind: PostKindName, spaceId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ count })
    .from(POST_KINDS[kind].table)
    .where(postsCounted(kind, spaceId, 'manager'));
  return row?.count ?? 0;
}

export interface ManageOverviewView {
  spaceId: string;
  days: number;
  daily: DailyCountView[];
  totalStories: number;
  totalProblems: number;
  totalSolutions: number;
  totalSkills: number;
  totalPeople: number;
}

/** Counts per day over the period, and all-time totals, of a space the viewer manages. */
export async function manageOverview(
  ctx: Context,
  input: { spaceId: unknown; days?: unknown },
): Promise<ManageOverviewView> {
  const space = await managedSpace(ctx, input.spaceId);
  const days = parseInput(analyticsDaysSchema, input.days ?? undefined, 'days');
  const [posts, people, totalStories, totalProblems, totalSolutions, totalSkills, totalPeople] =
    await Promise.all([
      postsPerDay(ctx, space.id, days, 'manager'),
      countPerDay(ctx, days, peopleSource(space, days)),
      countPosts(ctx, 'stories', space.id),
      countPosts(ctx, 'problems', space.id),
      countPosts(ctx, 'solutions', space.id),
      countPosts(ctx, 'skills', space.id),
      countPeople(ctx, space),
    ]);
  return {
    spaceId: space.id,
    days,
    daily: zipDays(posts, people),
    totalStories,
    totalProblems,
    totalSolutions,
    totalSkills,
    totalPeople,
  };
}

// ---------------------------------------------------------------------------------------------
// Analytics

export interface SpaceAnalyticsView {
  spaceId: string;
  days: number;
  daily: DailyCountView[];
  topTags: { tag: string; count: number }[];
  activeParticipants: { person: AuthorRow; items: number; comments: number }[];
}

/**
 * A space's activity over the period, for anyone who may read the space, over what the viewer
 * may see only: posts the kinds' policies list to them, comments on posts they may engage with.
 * Anonymous posts count as items and tags but never for their author.
 */
export async function spaceAnalytics(
  ctx: Context,
  input: { spaceId: unknown; days?: unknown },
): Promise<SpaceAnalyticsView> {
  const spaceId = parseInput(idSchema, input.spaceId, 'spaceId');
  const space = await resolveActiveSpace(ctx, spaceId);
  const days = parseInput(analyticsDaysSchema, input.days ?? undefined, 'days');
  const viewer = ctx.viewer;
  const counted = (kind: PostKindName) =>
    and(
      postsCounted(kind, space.id, viewer),
      createdSince(POST_KINDS[kind].table.createdAt, days),
    )!;

  const tagRows = sql.join(
    POST_KIND_NAMES.map((kind) => {
      const { table } = POST_KINDS[kind];
      return sql`select unnest(${table.tags}) as tag from ${table} where ${counted(kind)}`;
    }),
    sql` union all `,
  );
  const contributions = sql.join(
    [
      ...POST_KIND_NAMES.map((kind) => {
        const { table } = POST_KINDS[kind];
        return sql`select ${table.authorId} as author_id, 1 as items, 0 as comments from ${table} where ${and(
          counted(kind),
          eq(table.isAnonymousPost, false),
        )}`;
      }),
      sql`select ${comments.authorId} as author_id, 0 as items, 1 as comments from ${comments} where ${and(
        eq(comments.spaceId, space.id),
        commentsShownTo(viewer),
        createdSince(comments.createdAt, days),
      )}`,
    ],
    sql` union all `,
  );

  const [posts, topTags, activeParticipants] = await Promise.all([
    postsPerDay(ctx, space.id, days, viewer),
    ctx.db
      .select({ tag: sql<string>`t.tag`, count })
      .from(sql`(${tagRows}) as t`)
      .groupBy(sql`t.tag`)
      .orderBy(sql`count(*) desc`, sql`t.tag`)
      .limit(ANALYTICS_TOP_TAGS),
    ctx.db
      .select({
        person: AUTHOR_COLUMNS,
        items: sql<number>`agg.items`.mapWith(Number),
        comments: sql<number>`agg.comments`.mapWith(Number),
      })
      .from(users)
      .innerJoin(
        sql`(select author_id, sum(items)::int as items, sum(comments)::int as comments
          from (${contributions}) as c group by author_id) as agg`,
        sql`${users.id} = agg.author_id`,
      )
      .orderBy(sql`agg.items + agg.comments desc`, asc(users.displayName), asc(users.id))
      .limit(ANALYTICS_TOP_PARTICIPANTS),
  ]);
  return { spaceId: space.id, days, daily: zipDays(posts), topTags, activeParticipants };
}
