/** The zod validator of a vote's feedback (limit and messages: votes.ts). */
import { z } from 'zod';
import { VOTE_FEEDBACK_MAX, VOTE_MESSAGES } from './votes';

/** Feedback with a vote: trimmed; absent (undefined or null) means "keep what is there". */
export const voteFeedbackSchema = z
  .string({ error: VOTE_MESSAGES.feedbackMax })
  .trim()
  .max(VOTE_FEEDBACK_MAX, { message: VOTE_MESSAGES.feedbackMax, abort: true })
  .nullish();
