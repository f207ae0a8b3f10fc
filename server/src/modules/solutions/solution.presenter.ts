import type { Context } from '../../context';
import { postAuthor } from '../users/user.service';
import { canEditSolution, type SolutionRow } from './solution.policy';

export const solutionCounters = (solution: SolutionRow) => ({
  totalComments: solution.totalComments,
  totalProblems: solution.totalProblems,
  totalUpvotes: solution.totalUpvotes,
  totalDownvotes: solution.totalDownvotes,
  totalOutcomes: solution.totalOutcomes,
});

export const solutionVote = async (ctx: Context, solution: SolutionRow) =>
  ctx.loaders.solutionViewerLoaders.for(ctx.viewer).voteBySolution.load(solution.id);

export const solutionProblems = (ctx: Context, solution: SolutionRow) =>
  ctx.loaders.solutionViewerLoaders.for(ctx.viewer).problemsBySolution.load(solution.id);

/** The REST shape of a solution: the entity fields of the spec (000 §3). */
export async function presentSolution(ctx: Context, solution: SolutionRow) {
  const [author, vote, problems] = await Promise.all([
    postAuthor(ctx, solution),
    solutionVote(ctx, solution),
    solutionProblems(ctx, solution),
  ]);
  return {
    id: solution.id,
    name: solution.name,
    description: solution.description,
    tags: solution.tags,
    spaceId: solution.spaceId,
    author,
    isAnonymousPost: solution.isAnonymousPost,
    isDraft: solution.isDraft,
    isApproved: solution.isApproved,
    counters: solutionCounters(solution),
    upvoted: vote === 'up',
    downvoted: vote === 'down',
    canEdit: canEditSolution(ctx.viewer, solution),
    problems,
    createdAt: solution.createdAt.toISOString(),
    // `when` is the moment to show relatively ("5 minutes ago"); the client words it in its language.
    when: solution.createdAt.toISOString(),
  };
}
