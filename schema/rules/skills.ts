import { POST_MESSAGES } from './posts';

/**
 * Rules for skills: limits, enums and validators shared by server and client. Messages a user may
 * see live in SKILL_MESSAGES and translate under `skills:errors.<key>` in locales. Title and
 * description rules are the shared post rules (posts.ts).
 */
export const SKILL_LISTS = ['public', 'myskills'] as const;
export type SkillList = (typeof SKILL_LISTS)[number];

export const SKILL_MESSAGES = {
  ...POST_MESSAGES,
} as const;
