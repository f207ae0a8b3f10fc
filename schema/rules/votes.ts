import { z } from 'zod';

/**
 * Rules for votes on solutions, shared by server and client. Messages a user may see translate
 * under `votes:errors.<key>`.
 */
export const VOTE_DIRECTIONS = ['up', 'down'] as const;
export type VoteDirection = (typeof VOTE_DIRECTIONS)[number];

/** The feedback dialog's textarea: optional, at most this many characters. */
export const VOTE_FEEDBACK_MAX = 500;

export const VOTE_MESSAGES = {
  feedbackMax: `Feedback must be at most ${VOTE_FEEDBACK_MAX} characters`,
  ownSolution: 'You cannot vote on your own solution',
} as const;

/** Feedback with a vote: trimmed; absent (undefined or null) means "keep what is there". */
export const voteFeedbackSchema = z
  .string({ error: VOTE_MESSAGES.feedbackMax })
  .trim()
  .max(VOTE_FEEDBACK_MAX, VOTE_MESSAGES.feedbackMax)
  .nullish();
