/**
 * Rules for votes on solutions, shared by server and client. Messages a user may see translate
 * under `votes:errors.<key>`. The zod validator lives in votes.schemas.ts, so reading a limit does
 * not load zod.
 */
export const VOTE_DIRECTIONS = ['up', 'down'] as const;
export type VoteDirection = (typeof VOTE_DIRECTIONS)[number];

/** The feedback dialog's textarea: optional, at most this many characters. */
export const VOTE_FEEDBACK_MAX = 500;

export const VOTE_MESSAGES = {
  feedbackMax: `Feedback must be at most ${VOTE_FEEDBACK_MAX} characters`,
  ownSolution: 'You cannot vote on your own solution',
} as const;
