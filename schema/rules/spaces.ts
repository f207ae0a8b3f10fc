/**
 * Rules for spaces: limits, enums and validators shared by server and client. Messages a user may
 * see live in SPACE_MESSAGES and translate under `spaces:errors.<key>` in locales.
 */
export const SPACE_MESSAGES = {} as const;
