import { RATE_LIMITS } from '@rules';
import { solutions } from '../../db/schema';
import type { PostKind } from '../posts/post-kind';
import { canEditSolution, isSolutionListed, solutionReadableBy } from './solution.policy';

/** Solutions as the post engine writes them (see PostKind); their problem links are their own. */
export const solutionKind: PostKind<typeof solutions> = {
  type: 'solutions',
  table: solutions,
  readableBy: solutionReadableBy,
  canEdit: canEditSolution,
  editLock: 'no key update',
  countsInTags: isSolutionListed,
  createLimit: { bucket: 'solution-create', limit: RATE_LIMITS.solutionCreate },
};
