import { problemStatusColor } from '@rules';
import type { Context } from '../../context';
import { viewerBookmarked } from '../bookmarks/bookmark.presenter';
import { presentReactionFields } from '../reactions/reaction.presenter';
import { presentLocation } from '../posts/post-location';
import { distanceField } from '../places/nearness';
import { postAuthor } from '../users/user.service';
import { canEditProblem, type ProblemPartRow, type ProblemRow } from './problem.policy';
import { canChangeStatus, isJoined } from './problem-members.service';
import { statusActivity } from './problem-status.service';

export const problemCounters = (problem: ProblemRow) => ({
  totalComments: problem.totalComments,
  totalReactions: problem.totalReactions,
  totalParticipants: problem.totalParticipants,
  totalStories: problem.totalStories,
  totalSolutions: problem.totalSolutions,
  totalRecipes: problem.totalRecipes,
  totalSolvers: problem.totalSolvers,
});

/** The REST shape of a problem: the entity fields of the spec (000 §3). */
export async function presentProblem(ctx: Context, problem: ProblemRow) {
  const [author, joined, mayChangeStatus, activity] = await Promise.all([
    postAuthor(ctx, problem),
    isJoined(ctx, problem),
    canChangeStatus(ctx, problem),
    statusActivity(ctx, problem),
  ]);
  const latest = activity[0];
  return {
    id: problem.id,
    name: problem.name,
    description: problem.description,
    status: problem.status,
    statusUpdatedAt: problem.statusUpdatedAt.toISOString(),
    statusActivity: latest ? { createdAt: latest.createdAt.toISOString() } : null,
    color: problemStatusColor(problem.status),
    tags: problem.tags,
    files: problem.files,
    location: presentLocation(problem),
    ...distanceField(problem),
    spaceId: problem.spaceId,
    author,
    isAnonymousPost: problem.isAnonymousPost,
    isDraft: problem.isDraft,
    isApproved: problem.isApproved,
    isHidden: problem.isHidden,
    joined,
    counters: problemCounters(problem),
    ...(await presentReactionFields(ctx, 'problems', problem)),
    bookmarked: await viewerBookmarked(ctx, 'problems', problem),
    canEdit: canEditProblem(ctx.viewer, problem),
    canChangeStatus: mayChangeStatus,
    createdAt: problem.createdAt.toISOString(),
    // `when` is the moment to show relatively ("5 minutes ago"); the client words it in its language.
    when: problem.createdAt.toISOString(),
  };
}

export const presentPart = (part: ProblemPartRow & { canEdit?: boolean }) => ({
  id: part.id,
  problemId: part.problemId,
  type: part.type,
  name: part.name,
  description: part.description,
  attributes: part.attributes,
  canEdit: part.canEdit ?? false,
  createdAt: part.createdAt.toISOString(),
});
