// How a reaction change reaches every copy of an item in Apollo's cache: the item (Story, Problem,
// Solution or Comment, normalised by id) gets the viewer's reaction, the counts and the total.
import type { ApolloCache } from '@apollo/client';
import { REACTION_KINDS } from '@rules';
import type {
  ReactableItemType,
  ReactionKind,
  ReactionStateFieldsFragment,
} from '../../gql/graphql';

const TYPENAME: Record<ReactableItemType, string> = {
  stories: 'Story',
  problems: 'Problem',
  solutions: 'Solution',
  comments: 'Comment',
};

/** What a reaction control reads of an item. */
export interface ReactableItem {
  id: string;
  reaction?: ReactionKind | null;
  reactionCounts: { reaction: ReactionKind; count: number }[];
  counters: { totalReactions: number };
}

/** Writes an item's new reaction state onto the item wherever the cache holds it. */
export function writeReactionState(cache: ApolloCache, state: ReactionStateFieldsFragment) {
  const id = cache.identify({ __typename: TYPENAME[state.itemType], id: state.itemId });
  if (!id) return;
  cache.modify({
    id,
    fields: {
      reaction: () => state.reaction,
      reacted: () => state.reaction !== null,
      reactionCounts: () =>
        state.counts.map((count) => ({ __typename: 'ReactionCount', ...count })),
      counters: (existing: object) => ({ ...existing, totalReactions: state.totalReactions }),
    },
  });
}

/**
 * The state the spec's local rule gives at once (000 §4): choosing a reaction counts one more of
 * it, one fewer of the previous one, and the total grows only when there was none; none (`next`
 * null) takes one off. The server's answer replaces it.
 */
export function locallyReacted(
  itemType: ReactableItemType,
  item: ReactableItem,
  next: ReactionKind | null,
): ReactionStateFieldsFragment & { __typename: 'ReactionState' } {
  const previous = item.reaction ?? null;
  const counts = new Map(item.reactionCounts.map((entry) => [entry.reaction, entry.count]));
  if (previous) counts.set(previous, Math.max((counts.get(previous) ?? 0) - 1, 0));
  if (next) counts.set(next, (counts.get(next) ?? 0) + 1);
  const total = item.counters.totalReactions;
  return {
    __typename: 'ReactionState',
    itemType,
    itemId: item.id,
    reaction: next,
    totalReactions: next ? total + (previous ? 0 : 1) : Math.max(total - (previous ? 1 : 0), 0),
    counts: REACTION_KINDS.filter((kind) => (counts.get(kind) ?? 0) > 0).map((kind) => ({
      __typename: 'ReactionCount',
      reaction: kind,
      count: counts.get(kind) ?? 0,
    })),
  };
}
