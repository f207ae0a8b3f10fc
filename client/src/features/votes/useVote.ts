import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import {
  DownvoteSolutionDocument,
  ResetVoteDocument,
  UpvoteSolutionDocument,
  type SolutionCardFragment,
  type VoteDirection,
} from '../../gql/graphql';

/**
 * Lists a vote changes besides the solution itself (which the answer updates in the cache): the
 * voters pages and the Leave Problem wizard's upvoted solutions load again when next shown.
 */
function forgetVoteLists(cache: ApolloCache) {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'solutionVoters' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'upvotedSolutions' });
  cache.gc();
}

/**
 * Vote writes with their cache updates. Each resolves to the solution as the server now has it
 * and rejects with the server's error for the caller to show.
 */
export function useVote() {
  const options = { update: forgetVoteLists };
  const [upvote, upvoteState] = useMutation(UpvoteSolutionDocument, options);
  const [downvote, downvoteState] = useMutation(DownvoteSolutionDocument, options);
  const [reset, resetState] = useMutation(ResetVoteDocument, options);

  return {
    busy: upvoteState.loading || downvoteState.loading || resetState.loading,
    castVote: async (
      solutionId: string,
      direction: VoteDirection,
      feedback: string,
    ): Promise<SolutionCardFragment> => {
      const variables = { id: solutionId, feedback };
      if (direction === 'up') {
        const { data } = await upvote({ variables });
        if (!data) throw new Error('upvoteSolution returned no data');
        return data.upvoteSolution;
      }
      const { data } = await downvote({ variables });
      if (!data) throw new Error('downvoteSolution returned no data');
      return data.downvoteSolution;
    },
    resetVote: async (solutionId: string): Promise<SolutionCardFragment> => {
      const { data } = await reset({ variables: { id: solutionId } });
      if (!data) throw new Error('resetVote returned no data');
      return data.resetVote;
    },
  };
}
