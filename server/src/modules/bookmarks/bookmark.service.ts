import { and, desc, eq, sql } from 'drizzle-orm';
import {
  BOOKMARKABLE_TYPES,
  type BookmarkableType,
  bookmarkTargetSchema,
  cursorSchema,
} from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import { decodeCursor, pageSize, toPage, type Page, flatMapPage } from '../../db/keyset';
import { bookmarks } from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import { parseMapPath } from '../maps/map-path';
import { readableMap } from '../maps/map.service';
import { engageablePost } from '../posts/post.service';
import {
  engageableRows,
  engagedKey,
  loadEngagedItems,
  targetNamedBy,
  type EngagedItem,
} from '../reactions/engaged-items.service';
import { requireViewer, requireWriter } from '../../auth/guards';

/**
 * The item an input names, by `itemType` and `itemId` (GraphQL) or by REST `path` (a map's too:
 * `views/{id}`, `problems/{pid}/views/{id}`). A kind that cannot be bookmarked names nothing
 * here: NOT_FOUND, as for an unknown id.
 */
function parseTarget(input: unknown) {
  const path =
    typeof input === 'object' && input !== null ? (input as { path?: unknown }).path : undefined;
  const mapPath = parseMapPath(path);
  const named = mapPath ? { itemType: 'views', itemId: mapPath.mapId } : targetNamedBy(input);
  if (!bookmarkTargetSchema.shape.itemType.safeParse(named.itemType).success) throw notFound();
  return { ...parseInput(bookmarkTargetSchema, named), underProblem: mapPath?.problemId ?? null };
}

/**
 * The item, if the viewer may bookmark it: by its own kind's rule (a map they may read, a post
 * they may engage with), else NOT_FOUND.
 */
async function requireBookmarkable(ctx: Context, target: ReturnType<typeof parseTarget>) {
  if (target.itemType !== 'views')
    return void (await engageablePost(ctx, target.itemType, target.itemId));
  const map = await readableMap(ctx, target.itemId);
  // A recipe's path names its problem; another problem's path names nothing.
  if (target.underProblem && map.problemId !== target.underProblem) throw notFound();
}

/** Bookmarks an item the viewer may engage with; bookmarking it again changes nothing. */
export async function bookmark(ctx: Context, input: unknown): Promise<void> {
  const viewer = requireWriter(ctx);
  const target = parseTarget(input);
  const { itemType, itemId } = target;
  await requireBookmarkable(ctx, target);
  await ctx.db
    .insert(bookmarks)
    .values({ userId: viewer.id, itemType, itemId })
    .onConflictDoNothing();
}

/**
 * Removes the viewer's bookmark. The item must still be one they may engage with (else
 * NOT_FOUND, like every row about an item they cannot see); without a bookmark nothing changes.
 */
export async function unbookmark(ctx: Context, input: unknown): Promise<void> {
  const viewer = requireWriter(ctx);
  const target = parseTarget(input);
  const { itemType, itemId } = target;
  await requireBookmarkable(ctx, target);
  await ctx.db
    .delete(bookmarks)
    .where(
      and(
        eq(bookmarks.userId, viewer.id),
        eq(bookmarks.itemType, itemType),
        eq(bookmarks.itemId, itemId),
      ),
    );
}

/** A bookmarked item, with its row. */
export type MyBookmarkRow = Extract<EngagedItem, { itemType: BookmarkableType }> & {
  bookmarkedAt: Date;
};

const pageInputSchema = z.object({
  first: z.number().int().nullish(),
  after: cursorSchema.nullish(),
});

/**
 * The viewer's bookmarks, newest first (/bookmarks): only items they may still engage with, so
 * a post in a space they left, or one turned back into a draft, drops out and never leaks.
 */
export async function listMyBookmarks(ctx: Context, input: unknown): Promise<Page<MyBookmarkRow>> {
  const viewer = requireViewer(ctx);
  const { first, after } = parseInput(pageInputSchema, input);
  const size = pageSize(first, ctx.pageSizeMax);
  const cursor = decodeCursor(after, 'date');
  const itemKey = sql`${bookmarks.itemType} || '/' || ${bookmarks.itemId}`;
  const rows = await ctx.db
    .select({
      itemType: bookmarks.itemType,
      itemId: bookmarks.itemId,
      bookmarkedAt: bookmarks.createdAt,
    })
    .from(bookmarks)
    .where(
      and(
        eq(bookmarks.userId, viewer.id),
        engageableRows(bookmarks.itemType, bookmarks.itemId, viewer, BOOKMARKABLE_TYPES),
        cursor
          ? sql`(${bookmarks.createdAt}, ${itemKey}) < (${sql.param(cursor.value, bookmarks.createdAt)}, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(bookmarks.createdAt), desc(itemKey))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: row.bookmarkedAt,
    id: engagedKey(row.itemType, row.itemId),
  }));
  const items = await loadEngagedItems(ctx.db, page.items);
  return flatMapPage(page, (row) => {
    const item = items.get(engagedKey(row.itemType, row.itemId));
    return item && item.itemType !== 'comments'
      ? [{ ...item, bookmarkedAt: row.bookmarkedAt }]
      : [];
  });
}
