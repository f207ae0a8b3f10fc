import { useMutation } from '@apollo/client/react';
import {
  ReactDocument,
  UnreactDocument,
  type ReactableItemType,
  type ReactionKind,
} from '../../gql/graphql';
import { locallyReacted, writeReactionState, type ReactableItem } from './reactionCache';

/**
 * Reacting with its cache update: the item shows the new reaction and counts at once (the spec's
 * local rule), then the server's state. Rejects with the server's error for the caller to show.
 */
export function useReaction() {
  const [reactTo] = useMutation(ReactDocument, {
    update: (cache, { data }) => {
      if (data) writeReactionState(cache, data.react);
    },
  });
  const [unreactTo] = useMutation(UnreactDocument, {
    update: (cache, { data }) => {
      if (data) writeReactionState(cache, data.unreact);
    },
  });

  /** Sets the viewer's reaction to `next`; null (or the current one again) takes it off. */
  return async (itemType: ReactableItemType, item: ReactableItem, next: ReactionKind | null) => {
    const chosen = next === item.reaction ? null : next;
    const optimistic = locallyReacted(itemType, item, chosen);
    const variables = { itemType, itemId: item.id };
    if (chosen) {
      await reactTo({
        variables: { ...variables, reaction: chosen },
        optimisticResponse: { react: optimistic },
      });
    } else {
      await unreactTo({ variables, optimisticResponse: { unreact: optimistic } });
    }
  };
}
