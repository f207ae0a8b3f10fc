import type { Context } from '../../context';
import { viewerBookmarked } from '../bookmarks/bookmark.presenter';
import { presentReactionFields } from '../reactions/reaction.presenter';
import { presentLocation } from '../posts/post-location';
import { postAuthor } from '../users/user.service';
import { myVote } from '../votes/vote.service';
import { canEditSolution, type SolutionRow } from './solution.policy';

export const solutionCounters = (solution: SolutionRow) => ({
  totalComments: solution.totalComments,
  totalReactions: solution.totalReactions,
  totalProblems: solution.totalProblems,
  totalUpvotes: solution.totalUpvotes,
  totalDownvotes: solution.totalDownvotes,
  totalOutcomes: solution.totalOutcomes,
});

/** The viewer's vote on the solution: 'up', 'down' or null (one query per page, see votes). */
export const solutionVote = async (ctx: Context, solution: SolutionRow) =>
  (await myVote(ctx, solution))?.direction ?? null;

export const solutionProblems = (ctx: Context, solution: SolutionRow) =>
  ctx.loaders.problemsBySolution.load(solution.id);

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
    isHidden: solution.isHidden,
    files: solution.files,
    location: presentLocation(solution),
    counters: solutionCounters(solution),
    upvoted: vote === 'up',
    downvoted: vote === 'down',
    ...(await presentReactionFields(ctx, 'solutions', solution)),
    bookmarked: await viewerBookmarked(ctx, 'solutions', solution),
    canEdit: canEditSolution(ctx.viewer, solution),
    problems,
    createdAt: solution.createdAt.toISOString(),
    // `when` is the moment to show relatively ("5 minutes ago"); the client words it in its language.
    when: solution.createdAt.toISOString(),
  };
}
