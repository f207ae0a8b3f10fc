import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { problemParts, problems } from '../../db/schema';
import {
  spaceReadableBy,
  spaceReadableIn,
  type SpaceAccess,
  type SqlViewer,
} from '../spaces/space.policy';

export type ProblemRow = typeof problems.$inferSelect;
export type ProblemPartRow = typeof problemParts.$inferSelect;

/** Listed in public lists: published, approved (anonymous posts wait), in a readable space. */
export const problemListedFor = (viewer: SqlViewer): SQL =>
  and(
    eq(problems.isDraft, false),
    eq(problems.isApproved, true),
    spaceReadableBy(viewer, problems.spaceId),
  )!;

/**
 * Readable by id: what lists show, plus the viewer's own drafts and pending posts. The space must be
 * readable even for the author: someone who left a private space no longer sees its content.
 */
export const problemReadableBy = (viewer: SqlViewer): SQL =>
  viewer
    ? and(
        spaceReadableBy(viewer, problems.spaceId),
        or(
          and(eq(problems.isDraft, false), eq(problems.isApproved, true)),
          eq(problems.authorId, viewer.id),
        ),
      )!
    : problemListedFor(viewer);

/** Edit and delete: the author only. */
export const canEditProblem = (viewer: Viewer | null, problem: ProblemRow) =>
  viewer?.id === problem.authorId;

/**
 * Changing the status, adding parts and measurements: the author and the people who joined the
 * problem (the spec does not say who; those working on it are the ones who know).
 */
export const canWorkOnProblem = (viewer: Viewer | null, problem: ProblemRow, joined: boolean) =>
  !!viewer && (viewer.id === problem.authorId || joined);

/** A part may be changed by whoever added it and by the problem's author. */
export const canEditPart = (viewer: Viewer | null, problem: ProblemRow, part: ProblemPartRow) =>
  !!viewer && (viewer.id === part.authorId || viewer.id === problem.authorId);

/** `problemReadableBy` for a problem already in memory (live events), with its space's privacy. */
export const problemReadableIn = (
  access: SpaceAccess,
  problem: Pick<ProblemRow, 'isDraft' | 'isApproved' | 'authorId'> & {
    space: { id: string; isPrivate: boolean };
  },
) =>
  spaceReadableIn(access, problem.space) &&
  ((!problem.isDraft && problem.isApproved) || problem.authorId === access.viewerId);
