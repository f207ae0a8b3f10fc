import type { ReactionKind } from '@rules';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bookmarks, reactions, solutionVotes } from '../../db/schema';

// Engagement selected with the items themselves, so the viewer fields (reaction, bookmarked, a
// vote) of a list page or of a live event need no query of their own.

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

/** The `engagement` column of a live statement for a story, solution or map whose id is `id`. */
export function liveEngagementColumn(
  type: 'stories' | 'solutions' | 'views',
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

/**
 * The viewer's own reaction and bookmark, selected with a list's rows: the busiest list (the story
 * feed) then answers its cards' viewer fields in the statement that loads them.
 */
export interface ViewerEngagement {
  reaction: ReactionKind | null;
  bookmarked: boolean;
}

/** A row selected with the viewer's engagement (see viewerEngagementColumn); null signed out. */
export interface WithViewerEngagement {
  viewerEngagement: ViewerEngagement | null;
}

export const viewerEngagementOf = (item: object): ViewerEngagement | null =>
  (item as Partial<WithViewerEngagement>).viewerEngagement ?? null;

/** The `viewerEngagement` column for the post whose id is `id`, as `viewerId` engaged with it. */
export function viewerEngagementColumn(
  type: 'stories' | 'problems' | 'solutions',
  id: AnyPgColumn,
  viewerId: unknown,
): SQL<ViewerEngagement> {
  const itemType = sql.raw(`'${type}'`);
  return sql<ViewerEngagement>`json_build_object(
    'reaction', (select ${reactions.reaction} from ${reactions} where ${reactions.userId} = ${viewerId} and ${reactions.itemType} = ${itemType} and ${reactions.itemId} = ${id}),
    'bookmarked', exists (select 1 from ${bookmarks} where ${bookmarks.userId} = ${viewerId} and ${bookmarks.itemType} = ${itemType} and ${bookmarks.itemId} = ${id}))`;
}
