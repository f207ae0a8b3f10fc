/**
 * Tags: pages and lists with the active space's counters, following (at most 10), profile tags,
 * problem alerts (notification tags), creating tags, and the tag content lists (problems and
 * solutions carrying a tag; stories come from the stories service).
 */
import {
  and,
  arrayContains,
  arrayOverlaps,
  desc,
  eq,
  gt,
  inArray,
  not,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  ADD_TAGS_MAX,
  cursorSchema,
  NOTIFICATION_TAGS_MAX,
  PROFILE_TAGS_MAX,
  RATE_LIMITS,
  TAG_FOLLOW_MAX,
  TAG_MESSAGES,
  tagListSchema,
  tagSchema,
  tagSortSchema,
} from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import {
  notificationTags,
  problems,
  solutions,
  spaces,
  spaceTags,
  tagFollows,
  tags,
  users,
} from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { spaceIsReadable, spaceReadableBy } from '../spaces/space.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import {
  ANONYMOUS_AUTHOR,
  authorView,
  requireViewer,
  requireWriter,
  type AuthorView,
} from '../users/user.service';
import { stepTagFollowers } from './tag-counters';

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
function tagColumns(ctx: Context, spaceId: string) {
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

const toView = (row: TagRow): TagView => ({
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
function tagNameVisible(ctx: Context): SQL {
  const readable = sql`select ${spaces.id} from ${spaces} where ${spaceIsReadable(ctx.viewer)}`;
  return or(
    sql`exists (select 1 from ${spaceTags} where ${spaceTags.tagId} = ${tags.id} and ${spaceTags.spaceId} in (${readable}))`,
    sql`not exists (select 1 from ${spaceTags} where ${spaceTags.tagId} = ${tags.id} and ${spaceTags.spaceId} not in (${readable}))`,
  )!;
}

/** '#Water' and ' water ' name the tag 'water'. */
const tagIdOf = (raw: unknown) => parseInput(tagSchema, raw, 'tag');

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
  const size = pageSize(input.first);
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
    return { items: page.items.map(toView), last: page.last };
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
  return { items: page.items.map(toView), last: page.last };
}

/** The viewer's followed tags (at most TAG_FOLLOW_MAX), with the active space's counters. */
export async function followedTags(ctx: Context, spaceId?: string | null): Promise<TagView[]> {
  const viewer = requireViewer(ctx);
  const space = await resolveActiveSpace(ctx, spaceId);
  const rows = await ctx.db
    .select(tagColumns(ctx, space.id))
    .from(tags)
    .innerJoin(tagFollows, and(eq(tagFollows.tagId, tags.id), eq(tagFollows.userId, viewer.id)))
    .orderBy(tagFollows.createdAt, tags.id);
  return rows.map(toView);
}

/** Serialises a user's follow changes, so two concurrent follows cannot pass the limit together. */
async function lockUser(tx: DbOrTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function ensureTags(tx: DbOrTx, ids: readonly string[]) {
  if (ids.length > 0)
    await tx
      .insert(tags)
      .values(ids.map((id) => ({ id })))
      .onConflictDoNothing();
}

/**
 * Before a follow or unfollow writes anything: the space it answers from must be readable, and a
 * tag hidden from the viewer (used only in spaces they cannot read) is NOT_FOUND, as reading it
 * is. A refused follow then changes nothing.
 */
async function followTarget(ctx: Context, id: string, spaceId?: string | null) {
  await resolveActiveSpace(ctx, spaceId);
  const [hidden] = await ctx.db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.id, id), not(tagNameVisible(ctx))));
  if (hidden) throw notFound();
}

/** Follows one more tag; the 11th is refused with the spec's message. Following twice is a no-op. */
export async function followTag(
  ctx: Context,
  rawTag: unknown,
  spaceId?: string | null,
): Promise<TagView> {
  const viewer = requireWriter(ctx);
  const id = tagIdOf(rawTag);
  await followTarget(ctx, id, spaceId);
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, viewer.id);
    const [already] = await tx
      .select({ tagId: tagFollows.tagId })
      .from(tagFollows)
      .where(and(eq(tagFollows.userId, viewer.id), eq(tagFollows.tagId, id)));
    if (already) return;
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(tagFollows)
      .where(eq(tagFollows.userId, viewer.id));
    if (count >= TAG_FOLLOW_MAX)
      throw new AppError('BAD_USER_INPUT', TAG_MESSAGES.followMax, {
        field: 'tag',
      });
    await ensureTags(tx, [id]);
    await tx.insert(tagFollows).values({ userId: viewer.id, tagId: id });
    await stepTagFollowers(tx, [id], 1);
  });
  return getTag(ctx, id, spaceId);
}

export async function unfollowTag(
  ctx: Context,
  rawTag: unknown,
  spaceId?: string | null,
): Promise<TagView> {
  const viewer = requireWriter(ctx);
  const id = tagIdOf(rawTag);
  await followTarget(ctx, id, spaceId);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(tagFollows)
      .where(and(eq(tagFollows.userId, viewer.id), eq(tagFollows.tagId, id)))
      .returning({ tagId: tagFollows.tagId });
    await stepTagFollowers(
      tx,
      removed.map((row) => row.tagId),
      -1,
    );
  });
  return getTag(ctx, id, spaceId);
}

/** Replaces the followed tags with `tags` (the follow-tags dialog); more than 10 is refused. */
export async function followTags(ctx: Context, input: unknown): Promise<string[]> {
  const viewer = requireWriter(ctx);
  const wanted = parseInput(
    tagListSchema(TAG_FOLLOW_MAX, TAG_MESSAGES.followTagsMax),
    input,
    'tags',
  );
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, viewer.id);
    const current = (
      await tx
        .select({ tagId: tagFollows.tagId })
        .from(tagFollows)
        .where(eq(tagFollows.userId, viewer.id))
    ).map((row) => row.tagId);
    const added = wanted.filter((tag) => !current.includes(tag));
    const removed = current.filter((tag) => !wanted.includes(tag));
    if (removed.length > 0) {
      await tx
        .delete(tagFollows)
        .where(and(eq(tagFollows.userId, viewer.id), inArray(tagFollows.tagId, removed)));
      await stepTagFollowers(tx, removed, -1);
    }
    if (added.length > 0) {
      await ensureTags(tx, added);
      await tx.insert(tagFollows).values(added.map((tagId) => ({ userId: viewer.id, tagId })));
      await stepTagFollowers(tx, added, 1);
    }
  });
  return wanted;
}

export async function myProfileTags(ctx: Context): Promise<string[]> {
  const viewer = requireViewer(ctx);
  const [row] = await ctx.db
    .select({ profileTags: users.profileTags })
    .from(users)
    .where(eq(users.id, viewer.id));
  return row?.profileTags ?? [];
}

/** Profile tags: at most 10, leading '#' removed, lower-cased, de-duplicated. */
export async function setProfileTags(ctx: Context, input: unknown): Promise<string[]> {
  const viewer = requireWriter(ctx);
  const profileTags = parseInput(
    tagListSchema(PROFILE_TAGS_MAX, TAG_MESSAGES.profileTagsMax),
    input,
    'profileTags',
  );
  await ctx.db
    .update(users)
    .set({ profileTags, updatedAt: new Date() })
    .where(eq(users.id, viewer.id));
  return profileTags;
}

export async function myNotificationTags(ctx: Context): Promise<string[]> {
  const viewer = requireViewer(ctx);
  const rows = await ctx.db
    .select({ tagId: notificationTags.tagId })
    .from(notificationTags)
    .where(eq(notificationTags.userId, viewer.id))
    .orderBy(notificationTags.createdAt, notificationTags.tagId);
  return rows.map((row) => row.tagId);
}

/** Problem alerts: replaces the viewer's notification tags. */
export async function setNotificationTags(ctx: Context, input: unknown): Promise<string[]> {
  const viewer = requireViewer(ctx);
  const wanted = parseInput(
    tagListSchema(NOTIFICATION_TAGS_MAX, TAG_MESSAGES.notificationTagsMax),
    input,
    'tags',
  );
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(notificationTags)
      .where(
        and(
          eq(notificationTags.userId, viewer.id),
          wanted.length > 0 ? notInArray(notificationTags.tagId, wanted) : undefined,
        ),
      );
    if (wanted.length > 0) {
      await ensureTags(tx, wanted);
      await tx
        .insert(notificationTags)
        .values(wanted.map((tagId) => ({ userId: viewer.id, tagId })))
        .onConflictDoNothing();
    }
  });
  return wanted;
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

interface PostListInput {
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

/**
 * Problems or solutions of the active space matching `tagCondition`, newest first, visible only:
 * published and approved (the viewer's own drafts stay on their own lists).
 */
async function listPosts(
  ctx: Context,
  kind: 'problems' | 'solutions',
  tagCondition: (tagsColumn: typeof problems.tags | typeof solutions.tags) => SQL,
  input: PostListInput,
): Promise<Page<TaggedPostView>> {
  const space = await resolveActiveSpace(ctx, input.spaceId);
  const size = pageSize(input.first);
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
        eq(table.isDraft, false),
        eq(table.isApproved, true),
        eq(table.isHidden, false),
        spaceReadableBy(ctx.viewer, table.spaceId),
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
  return { items, last: page.last };
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

/** Problems of the active space matching the viewer's problem alerts (empty without alerts). */
export async function alertProblems(
  ctx: Context,
  input: PostListInput,
): Promise<Page<TaggedPostView>> {
  // Refused as every list refuses it, even while there are no alerts to page through.
  parseInput(cursorSchema.nullish(), input.after, 'after');
  const alerts = await myNotificationTags(ctx);
  if (alerts.length === 0) return { items: [], last: null };
  return listPosts(ctx, 'problems', (column) => arrayOverlaps(column, alerts), input);
}

/** People whose profile tags contain the tag (profile tags are public profile facts). */
export async function tagProfiles(
  ctx: Context,
  rawTag: string,
  input: PostListInput,
): Promise<Page<AuthorView>> {
  const id = tagIdOf(rawTag);
  const size = pageSize(input.first);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await ctx.db
    .select()
    .from(users)
    .where(
      and(arrayContains(users.profileTags, [id]), afterCursor(users.createdAt, users.id, cursor)),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: row.createdAt,
    id: row.id,
  }));
  return { items: page.items.map(authorView), last: page.last };
}
