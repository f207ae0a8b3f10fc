/**
 * Rules for tags: limits, enums and validators shared by server and client. Messages a user may
 * see live in TAG_MESSAGES and translate under `tags:errors.<key>` in locales.
 */
export const TAG_MESSAGES = {} as const;
