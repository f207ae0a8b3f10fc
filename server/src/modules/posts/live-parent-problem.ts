import { alias } from 'drizzle-orm/pg-core';
import { problems, spaces } from '../../db/schema';

/**
 * The problem a post is under (a story's, a recipe map's) as a live event carries it: what the
 * in-memory visibility rules read of the problem and of its space. Select `PARENT_PROBLEM_COLUMNS`,
 * left-join `problems` on the post's problem id and `problemSpaces` on `problems.spaceId`, and fold
 * the row with `withParentProblem`.
 */
export const problemSpaces = alias(spaces, 'problem_spaces');

export const PARENT_PROBLEM_COLUMNS = {
  problem: {
    id: problems.id,
    name: problems.name,
    isDraft: problems.isDraft,
    isApproved: problems.isApproved,
    isHidden: problems.isHidden,
    authorId: problems.authorId,
  },
  problemSpace: { id: problemSpaces.id, isPrivate: problemSpaces.isPrivate },
};

export type LiveParentProblem = Pick<
  typeof problems.$inferSelect,
  'id' | 'name' | 'isDraft' | 'isApproved' | 'isHidden' | 'authorId'
> & { space: { id: string; isPrivate: boolean } };

/** The row with its problem and that problem's space as one `problem` (null: none, or gone). */
export function withParentProblem<
  Row extends {
    problem: Omit<LiveParentProblem, 'space'> | null;
    problemSpace: LiveParentProblem['space'] | null;
  },
>({ problem, problemSpace, ...post }: Row) {
  return { ...post, problem: problem && problemSpace ? { ...problem, space: problemSpace } : null };
}
