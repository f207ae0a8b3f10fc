export const ROLES = ['person', 'org'] as const;
export type Role = (typeof ROLES)[number];
/** 'user' is a generic role seen on authors (e.g. Anonymous); it cannot be chosen at sign-up. */
export const AUTHOR_ROLES = ['person', 'org', 'user'] as const;
export type AuthorRole = (typeof AUTHOR_ROLES)[number];

export const APP_LANGS = ['en', 'te'] as const;
export type AppLang = (typeof APP_LANGS)[number];
/** Languages the state layer knows; those without a locale fall back to English. */
export const KNOWN_LANGS = ['de', 'en', 'es', 'fr', 'hi', 'nl', 'te'] as const;
export const DEFAULT_LANG: AppLang = 'en';

/**
 * What `/user/update` may change, named by its `key`: the profile fields, `hidePresence`, and
 * `email` (which changes only once the new address is verified).
 */
export const PROFILE_UPDATE_KEYS = [
  'displayName',
  'photoURL',
  'bio',
  'hidePresence',
  'email',
] as const;
export type ProfileUpdateKey = (typeof PROFILE_UPDATE_KEYS)[number];

export const GLOBAL_SPACE_ID = 'ww';
export const GLOBAL_SPACE_CODE = 'ww';

export const STORY_LISTS = ['recent', 'mystories', 'mydrafts', 'anonymous'] as const;
export type StoryList = (typeof STORY_LISTS)[number];
