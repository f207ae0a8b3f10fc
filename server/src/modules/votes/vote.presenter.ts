import type { VoteRow } from './vote.loaders';

/** A vote as the spec's "Vote on a solution" names it: which way, when, and the feedback. */
export const presentMyVote = (vote: VoteRow) => ({
  direction: vote.direction,
  feedback: vote.feedback,
  upvotedWhen: vote.direction === 'up' ? vote.createdAt : null,
  downvotedWhen: vote.direction === 'down' ? vote.createdAt : null,
});
