import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { solutions } from '../../db/schema';
import type { AuthorRow } from '../../graphql/loaders';
import { spaceReadableBy, spaceReadableIn, type SpaceAccess } from '../spaces/space.policy';

/** Problems a viewer may read: the problems feature's rule (linking and listing use it). */
export { problemReadableBy } from '../problems/problem.policy';

export type SolutionRow = typeof solutions.$inferSelect;

/** Listed in lists and counters: published, approved (anonymous posts wait), in a readable space. */
export const solutionListedFor = (viewer: Viewer | null): SQL =>
  and(
    eq(solutions.isDraft, false),
    eq(solutions.isApproved, true),
    spaceReadableBy(viewer, solutions.spaceId),
  )!;

/**
 * Readable by id: what lists show, plus the viewer's own drafts and pending anonymous posts; the
 * space must stay readable even for the author (someone who left a private space sees none of it).
 */
export const solutionReadableBy = (viewer: Viewer | null): SQL =>
  viewer
    ? and(
        spaceReadableBy(viewer, solutions.spaceId),
        or(
          and(eq(solutions.isDraft, false), eq(solutions.isApproved, true)),
          eq(solutions.authorId, viewer.id),
        ),
      )!
    : solutionListedFor(viewer);

export const isSolutionListed = (solution: SolutionRow) => !solution.isDraft && solution.isApproved;

export const canEditSolution = (viewer: Viewer | null, solution: SolutionRow) =>
  viewer?.id === solution.authorId;

/** A solution as a live event carries it to every subscriber of a process. */
export type LiveSolution = SolutionRow & {
  author: AuthorRow | null;
  space: { id: string; isPrivate: boolean };
};

/** `solutionListedFor` for a solution in memory: what a live list shows this viewer. */
export const solutionListedIn = (access: SpaceAccess, solution: LiveSolution) =>
  isSolutionListed(solution) && spaceReadableIn(access, solution.space);
