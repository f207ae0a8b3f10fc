/**
 * Rules for reactions and bookmarks, shared by server and client. Messages a user may see live in
 * REACTION_MESSAGES and translate under `reactions:errors.<key>` in locales. The zod validators
 * live in reactions.schemas.ts, so a page that only shows a reaction's emoji does not load zod.
 */

/** The spec's reaction types (000 §3), in the picker's order; 'none' is no row at all. */
export const REACTION_KINDS = [
  'like',
  'happy',
  'celebrate',
  'dislike',
  'sad',
  'angry',
  'thinking',
] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** How each kind shows in the picker and the counts strip. */
export const REACTION_EMOJI: Record<ReactionKind, string> = {
  like: '👍',
  happy: '😀',
  celebrate: '🎉',
  dislike: '👎',
  sad: '😢',
  angry: '😠',
  thinking: '🤔',
};

/** What people react to and bookmark, named as REST collections name them. */
export const REACTABLE_TYPES = ['stories', 'problems', 'solutions', 'comments'] as const;
export type ReactableType = (typeof REACTABLE_TYPES)[number];
/** `views` are progress maps, as the spec's REST paths name them (`views/{id}`). */
export const BOOKMARKABLE_TYPES = ['stories', 'problems', 'solutions', 'skills', 'views'] as const;
export type BookmarkableType = (typeof BOOKMARKABLE_TYPES)[number];

export const REACTION_MESSAGES = {
  reactionInvalid: 'Choose a reaction',
  itemRequired: 'Choose what to react to',
} as const;
