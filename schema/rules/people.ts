/**
 * Rules for people: following and the people directories. Messages a user may see live in
 * PEOPLE_MESSAGES and translate under `people:errors.<key>` in locales. The zod validators live in
 * people.schemas.ts, so a page that only reads a limit does not load zod.
 */

/** Not in the spec: a directory search as long as a display name may be, with room to spare. */
export const PEOPLE_SEARCH_MAX = 100;

/** Profile tabs (000 §2: /network/{id}/{tab}); `common` only for a signed-in visitor. */
export const PROFILE_TABS = [
  'info',
  'stories',
  'problems',
  'solutions',
  'skills',
  'solving',
  'common',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** The directories: people (role person) and organisations (role org). */
export const DIRECTORY_ROLES = { people: 'person', orgs: 'org' } as const;
export type Directory = keyof typeof DIRECTORY_ROLES;

export const PEOPLE_MESSAGES = {
  followSelf: 'You cannot follow yourself',
  searchMax: 'Search must be at most 100 characters',
};
