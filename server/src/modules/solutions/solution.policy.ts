import type { SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import { solutions } from '../../db/schema';
import type { AuthorRow } from '../users/user.rows';
import type { WithLiveEngagement } from '../posts/engagement-columns';
import { isPostPublished, postPolicy, canEditPost } from '../posts/post.policy';
import { spaceReadableIn, type SpaceAccess } from '../spaces/space.policy';

/** Problems a viewer may read: the problems feature's rule (linking and listing use it). */
export { problemReadableBy } from '../problems/problem.policy';

export type SolutionRow = typeof solutions.$inferSelect;

const solutionPolicy = postPolicy(solutions);

/** Listed in lists and counters: published, approved (anonymous posts wait), in a readable space. */
export const solutionListedFor = (viewer: Viewer | null): SQL => solutionPolicy.listedFor(viewer);

/** Readable by id: what lists show, plus the viewer's own drafts and pending posts (see postPolicy). */
export const solutionReadableBy = (viewer: Viewer | null): SQL => solutionPolicy.readableBy(viewer);

export const isSolutionListed = (solution: SolutionRow) => isPostPublished(solution);

export const canEditSolution: (viewer: Viewer | null, solution: SolutionRow) => boolean =
  canEditPost;

/** A solution as a live event carries it to every subscriber of a process. */
export type LiveSolution = SolutionRow &
  WithLiveEngagement & {
    author: AuthorRow | null;
    space: { id: string; isPrivate: boolean };
  };

/** `solutionListedFor` for a solution in memory: what a live list shows this viewer. */
export const solutionListedIn = (access: SpaceAccess, solution: LiveSolution) =>
  isSolutionListed(solution) && spaceReadableIn(access, solution.space);
