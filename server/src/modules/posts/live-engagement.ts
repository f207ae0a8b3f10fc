import type { ReactionKind } from '@rules';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bookmarks, reactions, solutionVotes } from '../../db/schema';

/**
 * What every person did to an item delivered live: read once per event and process, in the
 * statement that loads the item, so each subscriber's own reaction, bookmark and vote are answered
 * from memory instead of a query per subscriber per event.
 */
export interface LiveEngagement {
  bookmarkedBy: string[];
  reactionBy: Record<string, ReactionKind>;
  /** Solutions only: each voter's vote (times as ISO strings, as JSON carries them). */
  voteBy?: Record<
    string,
    { direction: 'up' | 'down'; feedback: string; createdAt: string; updatedAt: string }
  >;
}

/** An item as a live event carries it, with who engaged with it. */
export interface WithLiveEngagement {
  engagement: LiveEngagement;
}

export const liveEngagementOf = (item: object): LiveEngagement | null =>
  'engagement' in item ? (item as WithLiveEngagement).engagement : null;

/** The `engagement` column of a live statement for a story or a solution whose id is `id`. */
export function liveEngagementColumn(
  type: 'stories' | 'solutions',
  id: AnyPgColumn,
): SQL<LiveEngagement> {
  const itemType = sql.raw(`'${type}'`);
  const votes =
    type === 'solutions'
      ? sql`, 'voteBy', coalesce((select jsonb_object_agg(${solutionVotes.userId}, jsonb_build_object('direction', ${solutionVotes.direction}, 'feedback', ${solutionVotes.feedback}, 'createdAt', ${solutionVotes.createdAt}, 'updatedAt', ${solutionVotes.updatedAt})) from ${solutionVotes} where ${solutionVotes.solutionId} = ${id}), '{}'::jsonb)`
      : sql``;
  return sql<LiveEngagement>`jsonb_build_object(
    'bookmarkedBy', coalesce((select jsonb_agg(${bookmarks.userId}) from ${bookmarks} where ${bookmarks.itemType} = ${itemType} and ${bookmarks.itemId} = ${id}), '[]'::jsonb),
    'reactionBy', coalesce((select jsonb_object_agg(${reactions.userId}, ${reactions.reaction}) from ${reactions} where ${reactions.itemType} = ${itemType} and ${reactions.itemId} = ${id}), '{}'::jsonb)
    ${votes})`;
}
