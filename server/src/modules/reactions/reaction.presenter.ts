import type { ReactableType, ReactionKind } from '@rules';
import type { Context } from '../../context';
import type { ReactionCounts } from '../../db/schema';
import { liveEngagementOf, viewerEngagementOf } from '../posts/engagement-columns';
import { asPost } from '../posts/post.types';
import { authorView } from '../users/user.service';
import type { MyReactionRow, ReactionState, ReactorRow } from './reaction.service';
import { countsInUse } from './reaction.service';

/** What reaction fields need of an item row. */
export interface ReactedRow {
  id: string;
  totalReactions: number;
  reactionCounts: ReactionCounts;
}

/**
 * The viewer's reaction on an item, batched per request. An item nobody reacted to needs no
 * query: a new story delivered live to many subscribers costs none each.
 */
export function viewerReaction(
  ctx: Context,
  itemType: ReactableType,
  item: ReactedRow,
): ReactionKind | null | Promise<ReactionKind | null> {
  if (!ctx.viewer || item.totalReactions === 0) return null;
  const carried = viewerEngagementOf(item);
  if (carried) return carried.reaction;
  const live = liveEngagementOf(item);
  if (live) return live.reactionBy[ctx.viewer.id] ?? null;
  return ctx.loaders.viewerReactions.load({ itemType, itemId: item.id });
}

/** The reaction fields of every REST item answer (000 §3: reacted, reaction) and the counts. */
export async function presentReactionFields(
  ctx: Context,
  itemType: ReactableType,
  item: ReactedRow,
) {
  const reaction = await viewerReaction(ctx, itemType, item);
  return {
    reaction,
    reacted: reaction !== null,
    reactionCounts: countsInUse(item.reactionCounts),
  };
}

export const presentReactionState = (state: ReactionState) => ({
  itemType: state.itemType,
  itemId: state.itemId,
  reaction: state.reaction,
  totalReactions: state.totalReactions,
  counts: countsInUse(state.counts),
});

export const presentReactor = (row: ReactorRow) => ({
  user: authorView(row.user),
  reaction: row.reaction,
  createdAt: row.createdAt,
});

/** A /reactions entry for GraphQL: a post under `post` (and its kind's field), a comment apart. */
export const myReactionView = (row: MyReactionRow) => ({
  itemType: row.itemType,
  itemId: row.itemId,
  reaction: row.reaction,
  reactedAt: row.reactedAt,
  post: row.itemType === 'comments' ? null : asPost(row.itemType, row.item),
  story: row.itemType === 'stories' ? row.item : null,
  problem: row.itemType === 'problems' ? row.item : null,
  solution: row.itemType === 'solutions' ? row.item : null,
  comment: row.itemType === 'comments' ? row.item : null,
});
