/**
 * Rules for tags and feeds: limits and enums shared by server and client. Messages a user may see
 * live in TAG_MESSAGES and translate under `tags:errors.<key>` in locales. The zod validators live
 * in tags.schemas.ts, so a page that only reads a limit or a sort does not load zod.
 */

/** Spec: followed tags at most 10; profile tags at most 10. */
export const TAG_FOLLOW_MAX = 10;
export const PROFILE_TAGS_MAX = 10;
/** Problem alerts: not limited in the spec; the same 10 as followed tags. */
export const NOTIFICATION_TAGS_MAX = 10;
/** Spec: autocomplete capped at 10 when a query is present. */
export const AUTOCOMPLETE_MAX = 10;
/** Not in the spec: a tag as long as a mention (letters, digits, '-' and '_'). */
export const TAG_MAX = 128;
/** The most text read as one tag: TAG_MAX with room for '#'s and spaces around it. */
export const TAG_TEXT_MAX = 2 * TAG_MAX;
/** Tags one `addTags` call may create at once. */
export const ADD_TAGS_MAX = 10;

export const TAG_SORTS = ['followers', 'problems', 'stories', 'recent'] as const;
export type TagSort = (typeof TAG_SORTS)[number];

/** Story sorts; 'location' (nearest first) needs the viewer's position. */
export const STORY_SORTS = ['recent', 'reactions', 'comments', 'location'] as const;
export type StorySort = (typeof STORY_SORTS)[number];

export const AUTOCOMPLETE_COLLECTIONS = ['tags', 'participants'] as const;
export type AutocompleteCollection = (typeof AUTOCOMPLETE_COLLECTIONS)[number];

export const TAG_MESSAGES = {
  followMax: 'You can only follow maximum of 10 tags.',
  followTagsMax: 'You can only follow upto 10 tags',
  maxTags: 'Maximum 10 tags.',
  tagInvalid: 'Invalid tag',
  tagsRequired: 'Min 1 tag',
  profileTagsMax: 'You can have at most 10 profile tags',
  notificationTagsMax: 'You can have at most 10 problem alerts',
  addTagsMax: 'You can add at most 10 tags at once',
  tagsAdded: 'Tags added successfully.',
  addTagsFailed: 'Failed to add tags',
  profileTagsUpdated: 'Profile tags updated successfully',
  profileTagsFailed: 'Failed to update profile tags',
  problemRequired: 'Please choose a problem',
  collectionInvalid: 'Choose tags or participants',
  sortInvalid: `orderBy must be one of ${TAG_SORTS.join(', ')}`,
  storySortInvalid: `orderBy must be one of ${STORY_SORTS.join(', ')}`,
} as const;

/** A tag as stored: trimmed, leading '#' removed, lower-cased. */
export const normalizeTag = (raw: string) => raw.trim().replace(/^#+/u, '').trim().toLowerCase();
