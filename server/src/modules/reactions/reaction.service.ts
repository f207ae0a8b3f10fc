import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  cursorSchema,
  RATE_LIMITS,
  REACTABLE_TYPES,
  type ReactableType,
  reactInputSchema,
  REACTION_KINDS,
  type ReactionKind,
  reactionKindSchema,
  reactionTargetSchema,
} from '@rules';
import { z } from 'zod';
import { countWithin } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  afterCursor,
  decodeCursor,
  pageSize,
  toPage,
  type Page,
  flatMapPage,
} from '../../db/keyset';
import {
  comments,
  problems,
  reactions,
  solutions,
  stories,
  users,
  type ReactionCounts,
} from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import { notifyReaction } from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import { engageableItem } from '../posts/post.service';
import { requireViewer, requireWriter } from '../../auth/guards';
import {
  engageableRows,
  engagedKey,
  loadEngagedItems,
  targetNamedBy,
  type EngagedItem,
} from './engaged-items.service';
import { registerAccountRemover } from '../users/account-removers';

/** An item's reactions after a change: the viewer's own and the counts everyone sees. */
export interface ReactionState {
  itemType: ReactableType;
  itemId: string;
  reaction: ReactionKind | null;
  totalReactions: number;
  counts: ReactionCounts;
}

/** The tables that count reactions, with their counter columns. */
const COUNTED = { stories, problems, solutions, comments } as const;

/**
 * Sets the viewer's reaction on an item (a change replaces the previous one). The item's row is
 * locked first, so concurrent reactions on one item apply one after another: each reads the
 * viewer's previous reaction and the counts as the last one left them, and never counts twice.
 */
export async function react(ctx: Context, input: unknown): Promise<ReactionState> {
  const viewer = requireWriter(ctx);
  const { itemType, itemId, reaction } = parseTarget(reactInputSchema, input);
  let eventId: string | undefined;
  const state = await ctx.db.transaction(async (tx) => {
    const { item, ...counted } = await lockEngageable(ctx, tx, itemType, itemId);
    const previous = await viewerReactionIn(tx, viewer.id, itemType, itemId);
    if (previous === reaction) return { itemType, itemId, reaction, ...counted };
    // A first reaction tells the author; changing one's reaction does not tell them again. Only
    // first reactions count against the limits: per person, and per item (take back, react again).
    if (!previous) {
      await countWithin(tx, 'reaction', [
        { key: viewer.id, limit: RATE_LIMITS.reaction },
        { key: `${viewer.id}:${itemType}:${itemId}`, limit: RATE_LIMITS.reactionPerItem },
      ]);
      eventId = await notifyReaction(tx, viewer.id, item, reaction);
    }
    await tx
      .insert(reactions)
      .values({ userId: viewer.id, itemType, itemId, reaction })
      .onConflictDoUpdate({
        target: [reactions.userId, reactions.itemType, reactions.itemId],
        set: { reaction, updatedAt: sql`now()` },
      });
    const counts = stepCounts(stepCounts(counted.counts, previous, -1), reaction, +1);
    const totalReactions = counted.totalReactions + (previous ? 0 : 1);
    await writeCounters(tx, itemType, itemId, totalReactions, counts);
    return { itemType, itemId, reaction, totalReactions, counts };
  });
  deliverNotifications(ctx, eventId);
  return state;
}

/** Takes the viewer's reaction off an item; without one, nothing changes. */
export async function unreact(ctx: Context, input: unknown): Promise<ReactionState> {
  const viewer = requireWriter(ctx);
  const { itemType, itemId } = parseTarget(reactionTargetSchema, input);
  return ctx.db.transaction(async (tx) => {
    const { item: _item, ...counted } = await lockEngageable(ctx, tx, itemType, itemId);
    const [removed] = await tx
      .delete(reactions)
      .where(viewerReactionRow(viewer.id, itemType, itemId))
      .returning({ reaction: reactions.reaction });
    if (!removed) return { itemType, itemId, reaction: null, ...counted };
    const counts = stepCounts(counted.counts, removed.reaction, -1);
    const totalReactions = Math.max(counted.totalReactions - 1, 0);
    await writeCounters(tx, itemType, itemId, totalReactions, counts);
    return { itemType, itemId, reaction: null, totalReactions, counts };
  });
}

/**
 * Takes every reaction a user gave off its item's counters and deletes it (an account's deletion,
 * in its transaction; the cascade alone would leave the counts). Items are locked kind by kind in
 * id order, as `react` locks its item before reading the counts.
 */
export async function removeReactionsOf(tx: DbOrTx, userId: string): Promise<void> {
  for (const itemType of REACTABLE_TYPES) {
    const table = COUNTED[itemType];
    const given = tx
      .select({ itemId: reactions.itemId })
      .from(reactions)
      .where(and(eq(reactions.userId, userId), eq(reactions.itemType, itemType)));
    const items = await tx
      .select({ id: table.id, totalReactions: table.totalReactions, counts: table.reactionCounts })
      .from(table)
      .where(inArray(table.id, given))
      .orderBy(asc(table.id))
      .for('update');
    const removed = await tx
      .delete(reactions)
      .where(and(eq(reactions.userId, userId), eq(reactions.itemType, itemType)))
      .returning({ itemId: reactions.itemId, reaction: reactions.reaction });
    const kindOf = new Map(removed.map((row) => [row.itemId, row.reaction]));
    for (const item of items) {
      const kind = kindOf.get(item.id);
      if (!kind) continue;
      const counts = stepCounts(item.counts, kind, -1);
      await writeCounters(tx, itemType, item.id, Math.max(item.totalReactions - 1, 0), counts);
    }
  }
}
registerAccountRemover('reactions', removeReactionsOf);

/**
 * The item an input names, by `itemType` and `itemId` (GraphQL) or by REST `path`. A kind of item
 * that takes no reactions names nothing here (NOT_FOUND, as for an unknown id); a bad reaction is
 * the caller's mistake.
 */
function parseTarget<T>(schema: z.ZodType<T>, input: unknown): T {
  const named = targetNamedBy(input);
  if (!reactionTargetSchema.shape.itemType.safeParse(named.itemType).success) throw notFound();
  return parseInput(schema, named);
}

/** The item's counters, locked for this transaction; NOT_FOUND unless the viewer may engage. */
async function lockEngageable(ctx: Context, tx: DbOrTx, itemType: ReactableType, itemId: string) {
  const item = await engageableItem(ctx, { type: itemType, id: itemId }, tx);
  const table = COUNTED[itemType];
  const [row] = await tx
    .select({ totalReactions: table.totalReactions, counts: table.reactionCounts })
    .from(table)
    .where(eq(table.id, itemId))
    .for('update');
  if (!row) throw notFound();
  return { ...row, item };
}

async function writeCounters(
  tx: DbOrTx,
  itemType: ReactableType,
  itemId: string,
  totalReactions: number,
  counts: ReactionCounts,
) {
  const table = COUNTED[itemType];
  await tx
    .update(table)
    .set({ totalReactions, reactionCounts: counts })
    .where(eq(table.id, itemId));
}

/** Counts with one more (or one fewer) of `kind`; a kind nobody chose any more is dropped. */
function stepCounts(counts: ReactionCounts, kind: ReactionKind | null, step: 1 | -1) {
  if (!kind) return counts;
  const next = { ...counts, [kind]: Math.max((counts[kind] ?? 0) + step, 0) };
  if (next[kind] === 0) delete next[kind];
  return next;
}

const viewerReactionRow = (userId: string, itemType: ReactableType, itemId: string) =>
  and(eq(reactions.userId, userId), eq(reactions.itemType, itemType), eq(reactions.itemId, itemId));

async function viewerReactionIn(
  tx: DbOrTx,
  userId: string,
  itemType: ReactableType,
  itemId: string,
): Promise<ReactionKind | null> {
  const [row] = await tx
    .select({ reaction: reactions.reaction })
    .from(reactions)
    .where(viewerReactionRow(userId, itemType, itemId));
  return row?.reaction ?? null;
}

/** An item's counts in the picker's order, only the kinds in use. */
export const countsInUse = (counts: ReactionCounts) =>
  REACTION_KINDS.filter((kind) => (counts[kind] ?? 0) > 0).map((kind) => ({
    reaction: kind,
    count: counts[kind] ?? 0,
  }));

export interface ReactorRow {
  user: AuthorRow;
  reaction: ReactionKind;
  createdAt: Date;
}

const reactorsInputSchema = reactionTargetSchema.extend({
  reaction: reactionKindSchema.nullish(),
  first: z.number().int().nullish(),
  after: cursorSchema.nullish(),
});

/**
 * The people who reacted to an item (of one kind, or all), newest first: the reaction list
 * dialog. An item the viewer may not engage with is NOT_FOUND, so its reactors never leak.
 */
export async function listReactors(ctx: Context, input: unknown): Promise<Page<ReactorRow>> {
  const { itemType, itemId, reaction, first, after } = parseTarget(reactorsInputSchema, input);
  await engageableItem(ctx, { type: itemType, id: itemId });
  const size = pageSize(first, ctx.pageSizeMax);
  const cursor = decodeCursor(after, 'date');
  const rows = await ctx.db
    .select({ user: AUTHOR_COLUMNS, reaction: reactions.reaction, createdAt: reactions.createdAt })
    .from(reactions)
    .innerJoin(users, eq(users.id, reactions.userId))
    .where(
      and(
        eq(reactions.itemType, itemType),
        eq(reactions.itemId, itemId),
        reaction ? eq(reactions.reaction, reaction) : undefined,
        afterCursor(reactions.createdAt, reactions.userId, cursor),
      ),
    )
    .orderBy(desc(reactions.createdAt), desc(reactions.userId))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.user.id }));
}

/** Something the viewer reacted to, with the item's row. */
export type MyReactionRow = Extract<EngagedItem, { itemType: ReactableType }> & {
  reaction: ReactionKind;
  reactedAt: Date;
};

const pageInputSchema = z.object({
  first: z.number().int().nullish(),
  after: cursorSchema.nullish(),
});

/**
 * What the viewer reacted to, latest reaction first (/reactions): only items they may still
 * engage with; one that became invisible drops out of the list.
 */
export async function listMyReactions(ctx: Context, input: unknown): Promise<Page<MyReactionRow>> {
  const viewer = requireViewer(ctx);
  const { first, after } = parseInput(pageInputSchema, input);
  const size = pageSize(first, ctx.pageSizeMax);
  const cursor = decodeCursor(after, 'date');
  const itemKey = sql`${reactions.itemType} || '/' || ${reactions.itemId}`;
  const rows = await ctx.db
    .select({
      itemType: reactions.itemType,
      itemId: reactions.itemId,
      reaction: reactions.reaction,
      reactedAt: reactions.updatedAt,
    })
    .from(reactions)
    .where(
      and(
        eq(reactions.userId, viewer.id),
        engageableRows(reactions.itemType, reactions.itemId, viewer, [
          'stories',
          'problems',
          'solutions',
          'comments',
        ]),
        cursor
          ? sql`(${reactions.updatedAt}, ${itemKey}) < (${sql.param(cursor.value, reactions.updatedAt)}, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(reactions.updatedAt), desc(itemKey))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: row.reactedAt,
    id: engagedKey(row.itemType, row.itemId),
  }));
  const items = await loadEngagedItems(ctx.db, page.items);
  return flatMapPage(page, (row) => {
    const item = items.get(engagedKey(row.itemType, row.itemId));
    return item && item.itemType !== 'skills' && item.itemType !== 'views'
      ? [{ ...item, reaction: row.reaction, reactedAt: row.reactedAt }]
      : [];
  });
}
