/**
 * Tags: pages and lists with the active space's counters, creating tags, and the tag content lists
 * (problems and solutions carrying a tag; stories come from the stories service). Following, profile
 * tags and problem alerts have their own services beside it.
 */
import { and, arrayContains, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import {
  ADD_TAGS_MAX,
  RATE_LIMITS,
  TAG_MESSAGES,
  tagListSchema,
  tagSchema,
  tagSortSchema,
} from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page, mapPage } from '../../db/keyset';
import { problems, solutions, spaces, spaceTags, tagFollows, tags } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { problemListedFor } from '../problems/problem.policy';
import { solutionListedFor } from '../solutions/solution.policy';
import { spaceIsReadable } from '../spaces/space.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import { ANONYMOUS_AUTHOR, authorView, type AuthorView } from '../users/user.service';
import { requireWriter } from '../../auth/guards';

export interface TagView {
  id: string;
  name: string;
  title: string;
  description: string | null;
  following: boolean;
  when: Date;
  counters: {
    totalProblems: number;
    totalStories: number;
    totalSolutions: number;
    totalFollowers: number;
  };
}

/**
 * Columns of a tag as the viewer sees it from `spaceId`: the content counters come from that
 * space's space_tags row (zero when the tag is not used there), followers from tags.
 */
export function tagColumns(ctx: Context, spaceId: string) {
  const inSpace = (column: SQL) =>
    sql<number>`coalesce((select ${column} from ${spaceTags} where ${spaceTags.spaceId} = ${spaceId} and ${spaceTags.tagId} = ${tags.id}), 0)`.mapWith(
      Number,
    );
  return {
    id: tags.id,
    description: tags.description,
    totalFollowers: tags.totalFollowers,
    createdAt: tags.createdAt,
    totalStories: inSpace(sql`${spaceTags.totalStories}`),
    totalProblems: inSpace(sql`${spaceTags.totalProblems}`),
    totalSolutions: inSpace(sql`${spaceTags.totalSolutions}`),
    firstUsedAt:
      sql<Date | null>`(select ${spaceTags.firstUsedAt} from ${spaceTags} where ${spaceTags.spaceId} = ${spaceId} and ${spaceTags.tagId} = ${tags.id})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    following: ctx.viewer
      ? sql<boolean>`exists (select 1 from ${tagFollows} where ${tagFollows.userId} = ${ctx.viewer.id} and ${tagFollows.tagId} = ${tags.id})`.mapWith(
          Boolean,
        )
      : sql<boolean>`false`.mapWith(Boolean),
  };
}

type TagRow = {
  id: string;
  description: string | null;
  totalFollowers: number;
  createdAt: Date;
  totalStories: number;
  totalProblems: number;
  totalSolutions: number;
  firstUsedAt: Date | null;
  following: boolean;
};

export const toView = (row: TagRow): TagView => ({
  id: row.id,
  name: row.id,
  title: row.id,
  description: row.description,
  following: row.following,
  when: row.firstUsedAt ?? row.createdAt,
  counters: {
    totalProblems: row.totalProblems,
    totalStories: row.totalStories,
    totalSolutions: row.totalSolutions,
    totalFollowers: row.totalFollowers,
  },
});

/**
 * A tag's name may be read when it is used in a space the viewer reads, or used in no space the
 * viewer cannot read (created by addTags, follows or alerts): a tag used only in a private space
 * never shows to outsiders.
 */
export function tagNameVisible(ctx: Context): SQL {
  const readable = sql`select ${spaces.id} from ${spaces} where ${spaceIsReadable(ctx.viewer)}`;
  return or(
    sql`exists (select 1 from ${spaceTags} where ${spaceTags.tagId} = ${tags.id} and ${spaceTags.spaceId} in (${readable}))`,
    sql`not exists (select 1 from ${spaceTags} where ${spaceTags.tagId} = ${tags.id} and ${spaceTags.spaceId} not in (${readable}))`,
  )!;
}

/** '#Water' and ' water ' name the tag 'water'. */
export const tagIdOf = (raw: unknown) => parseInput(tagSchema, raw, 'tag');

export async function getTag(
  ctx: Context,
  rawId: string,
  spaceId?: string | null,
): Promise<TagView> {
  const id = tagIdOf(rawId);
  const space = await resolveActiveSpace(ctx, spaceId);
  const [row] = await ctx.db
    .select(tagColumns(ctx, space.id))
    .from(tags)
    .where(and(eq(tags.id, id), tagNameVisible(ctx)));
  if (!row) throw notFound();
  return toView(row);
}

export interface TagListInput {
  orderBy?: string | null;
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

/** The tags used in the active space, by followers, problems, stories or first use; keyset paged. */
export async function listTags(ctx: Context, input: TagListInput): Promise<Page<TagView>> {
  const sort = parseInput(tagSortSchema, input.orderBy, 'orderBy');
  const space = await resolveActiveSpace(ctx, input.spaceId);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, sort === 'recent' ? 'date' : 'count');
  const used = or(
    gt(spaceTags.totalStories, 0),
    gt(spaceTags.totalProblems, 0),
    gt(spaceTags.totalSolutions, 0),
  );
  const base = ctx.db
    .select(tagColumns(ctx, space.id))
    .from(spaceTags)
    .innerJoin(tags, eq(tags.id, spaceTags.tagId));
  const scope = and(eq(spaceTags.spaceId, space.id), used);
  if (sort === 'recent') {
    // first_used_at keeps microseconds; cursors carry milliseconds, so the key is cut to match.
    const firstUsed = sql`date_trunc('milliseconds', ${spaceTags.firstUsedAt})`;
    const after = cursor
      ? sql`(${firstUsed}, ${tags.id}) < (${new Date(cursor.value).toISOString()}::timestamptz, ${cursor.id})`
      : undefined;
    const rows = await base
      .where(and(scope, after))
      .orderBy(desc(firstUsed), desc(tags.id))
      .limit(size + 1);
    const page = toPage(rows, size, (row) => ({
      value: row.firstUsedAt ?? row.createdAt,
      id: row.id,
    }));
    return mapPage(page, toView);
  }
  const column = {
    followers: tags.totalFollowers,
    problems: spaceTags.totalProblems,
    stories: spaceTags.totalStories,
  }[sort];
  const rows = await ctx.db
    .select({ ...tagColumns(ctx, space.id), sortValue: column })
    .from(spaceTags)
    .innerJoin(tags, eq(tags.id, spaceTags.tagId))
    .where(and(scope, afterCursor(column, tags.id, cursor)))
    .orderBy(desc(column), desc(tags.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({ value: row.sortValue, id: row.id }));
  return mapPage(page, toView);
}

export async function ensureTags(tx: DbOrTx, ids: readonly string[]) {
  if (ids.length > 0)
    await tx
      .insert(tags)
      .values(ids.map((id) => ({ id })))
      .onConflictDoNothing();
}

/**
 * The add-tags dialog: registers tags (no content yet, so they count nowhere). They join
 * everyone's autocomplete, so a person's registrations are limited (RATE_LIMITS.tagAdd).
 */
export async function addTags(ctx: Context, input: unknown): Promise<string[]> {
  const viewer = requireWriter(ctx);
  const added = parseInput(tagListSchema(ADD_TAGS_MAX, TAG_MESSAGES.addTagsMax), input, 'tags');
  if (added.length === 0)
    throw new AppError('BAD_USER_INPUT', TAG_MESSAGES.tagsRequired, {
      field: 'tags',
    });
  await limitedWrite(ctx.db, 'tag-add', viewer.id, RATE_LIMITS.tagAdd, (tx) =>
    ensureTags(tx, added),
  );
  return added;
}

export interface TaggedPostView {
  id: string;
  name: string;
  description: string;
  tags: string[];
  status: string | null;
  author: AuthorView;
  createdAt: Date;
}

export interface PostListInput {
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

/**
 * Problems or solutions of the active space matching `tagCondition`, newest first, visible only:
 * published and approved (the viewer's own drafts stay on their own lists).
 */
export async function listPosts(
  ctx: Context,
  kind: 'problems' | 'solutions',
  tagCondition: (tagsColumn: typeof problems.tags | typeof solutions.tags) => SQL,
  input: PostListInput,
): Promise<Page<TaggedPostView>> {
  const space = await resolveActiveSpace(ctx, input.spaceId);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const table = kind === 'problems' ? problems : solutions;
  const rows = await ctx.db
    .select({
      id: table.id,
      name: table.name,
      description: table.description,
      tags: table.tags,
      status: kind === 'problems' ? problems.status : sql<string | null>`null`,
      authorId: table.authorId,
      isAnonymousPost: table.isAnonymousPost,
      createdAt: table.createdAt,
    })
    .from(table)
    .where(
      and(
        eq(table.spaceId, space.id),
        kind === 'problems' ? problemListedFor(ctx.viewer) : solutionListedFor(ctx.viewer),
        tagCondition(table.tags),
        afterCursor(table.createdAt, table.id, cursor),
      ),
    )
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: row.createdAt,
    id: row.id,
  }));
  const items = await Promise.all(
    page.items.map(async (row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      tags: row.tags,
      status: row.status,
      createdAt: row.createdAt,
      author: row.isAnonymousPost
        ? ANONYMOUS_AUTHOR
        : authorView(await ctx.loaders.authorById.load(row.authorId)),
    })),
  );
  return { ...page, items };
}

export async function tagPosts(
  ctx: Context,
  kind: 'problems' | 'solutions',
  rawTag: string,
  input: PostListInput,
): Promise<Page<TaggedPostView>> {
  const id = tagIdOf(rawTag);
  return listPosts(ctx, kind, (column) => arrayContains(column, [id]), input);
}
