import { RATE_LIMITS } from '@rules';
import { skills } from '../../db/schema';
import type { PostKind } from '../posts/post-kind';
import { canEditSkill, skillReadableBy } from './skill.policy';

/** Skills as the post engine writes them (see PostKind): no drafts, no place, no tag counters. */
export const skillKind: PostKind<typeof skills> = {
  type: 'skills',
  table: skills,
  readableBy: skillReadableBy,
  canEdit: canEditSkill,
  editLock: 'no key update',
  createLimit: { bucket: 'skill-create', limit: RATE_LIMITS.skillCreate },
};
