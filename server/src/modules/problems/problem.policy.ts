import type { SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { problemParts, problems } from '../../db/schema';
import { isPostPublished, postPolicy, canEditPost } from '../posts/post.policy';
import { spaceReadableIn, type SpaceAccess, type SqlViewer } from '../spaces/space.policy';

export type ProblemRow = typeof problems.$inferSelect;
export type ProblemPartRow = typeof problemParts.$inferSelect;

const problemPolicy = postPolicy(problems);

/** Listed in public lists: published, approved (anonymous posts wait), in a readable space. */
export const problemListedFor = (viewer: SqlViewer): SQL => problemPolicy.listedFor(viewer);

/** Readable by id: what lists show, plus the viewer's own drafts and pending posts (see postPolicy). */
export const problemReadableBy = (viewer: SqlViewer): SQL => problemPolicy.readableBy(viewer);

/** Edit and delete: the author only. */
export const canEditProblem: (viewer: Viewer | null, problem: ProblemRow) => boolean = canEditPost;

/**
 * Changing the status, adding parts and measurements: the author and the people who joined the
 * problem (the spec does not say who; those working on it are the ones who know).
 */
export const canWorkOnProblem = (
  viewer: Viewer | null,
  problem: Pick<ProblemRow, 'authorId'>,
  joined: boolean,
) => !!viewer && (viewer.id === problem.authorId || joined);

/** A part may be changed by whoever added it and by the problem's author. */
export const canEditPart = (viewer: Viewer | null, problem: ProblemRow, part: ProblemPartRow) =>
  !!viewer && (viewer.id === part.authorId || viewer.id === problem.authorId);

/** `problemReadableBy` for a problem already in memory (live events), with its space's privacy. */
export const problemReadableIn = (
  access: SpaceAccess,
  problem: Pick<ProblemRow, 'isDraft' | 'isApproved' | 'isHidden' | 'authorId'> & {
    space: { id: string; isPrivate: boolean };
  },
) =>
  spaceReadableIn(access, problem.space) &&
  (isPostPublished(problem) || problem.authorId === access.viewerId);
