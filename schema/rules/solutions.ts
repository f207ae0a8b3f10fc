/**
 * Rules for solutions: limits, enums and validators shared by server and client. Messages a user may
 * see live in SOLUTION_MESSAGES and translate under `solutions:errors.<key>` in locales.
 */
export const SOLUTION_MESSAGES = {} as const;
