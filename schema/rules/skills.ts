/**
 * Rules for skills: limits, enums and validators shared by server and client. Messages a user may
 * see live in SKILL_MESSAGES and translate under `skills:errors.<key>` in locales.
 */
export const SKILL_MESSAGES = {} as const;
