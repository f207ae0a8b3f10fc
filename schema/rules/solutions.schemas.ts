/** The zod validators of solutions' inputs (lists, sorts and messages: solutions.ts). */
import { z } from 'zod';
import { SOLUTION_LISTS, SOLUTION_MESSAGES, SOLUTION_SORTS } from './solutions';

/** Which solutions list is asked for and its order; absent, the newest first. */
export const solutionListSchema = z.object({
  list: z
    .enum(SOLUTION_LISTS)
    .nullish()
    .transform((list) => list ?? 'recent'),
  orderBy: z
    .enum(SOLUTION_SORTS, { error: SOLUTION_MESSAGES.sortInvalid })
    .nullish()
    .transform((sort) => sort ?? 'recent'),
});
