import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { TAG_FOLLOW_MAX, TAG_MESSAGES, tagListSchema } from '@rules';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { tagFollows, tags, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { resolveActiveSpace } from '../spaces/space.service';
import { stepTagFollowers } from './tag-counters';
import {
  ensureTags,
  getTag,
  tagColumns,
  tagIdOf,
  tagNameVisible,
  toView,
  type TagView,
} from './tag.service';
import { requireViewer, requireWriter } from '../../auth/guards';

/** Following tags: at most TAG_FOLLOW_MAX per person. */

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
