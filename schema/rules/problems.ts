/**
 * Rules for problems: limits, enums and validators shared by server and client. Messages a user may
 * see live in PROBLEM_MESSAGES and translate under `problems:errors.<key>` in locales.
 */
export const PROBLEM_MESSAGES = {} as const;
