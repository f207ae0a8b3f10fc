import { POST_MESSAGES } from './posts';

/**
 * Rules for solutions: limits, enums and validators shared by server and client. Messages a user may
 * see live in SOLUTION_MESSAGES and translate under `solutions:errors.<key>` in locales. Title and
 * description rules are the shared post rules (posts.ts).
 */
export const SOLUTION_LISTS = ['recent', 'mysolutions'] as const;
export type SolutionList = (typeof SOLUTION_LISTS)[number];
export const SOLUTION_SORTS = ['recent', 'upvotes', 'downvotes'] as const;
export type SolutionSort = (typeof SOLUTION_SORTS)[number];
/** How many problems one link call may name. */
export const SOLUTION_LINK_MAX = 50;

export const SOLUTION_MESSAGES = {
  ...POST_MESSAGES,
  problemsRequired: 'Choose at least one problem',
  problemsMax: `Choose at most ${SOLUTION_LINK_MAX} problems`,
  sameSpace: 'A solution can only be linked to problems of its own space',
  sortInvalid: `orderBy must be one of ${SOLUTION_SORTS.join(', ')}`,
} as const;
