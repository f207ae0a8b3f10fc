import { RATE_LIMITS } from '@rules';
import { problems } from '../../db/schema';
import type { PostKind } from '../posts/post-kind';
import { isPostPublished } from '../posts/post.policy';
import { canEditProblem, problemReadableBy } from './problem.policy';

/** Problems as the post engine writes them (see PostKind). */
export const problemKind: PostKind<typeof problems> = {
  type: 'problems',
  table: problems,
  readableBy: problemReadableBy,
  canEdit: canEditProblem,
  editLock: 'no key update',
  countsInTags: isPostPublished,
  createLimit: { bucket: 'problem-create', limit: RATE_LIMITS.problemCreate },
};
