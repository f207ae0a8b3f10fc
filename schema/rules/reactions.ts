/**
 * Rules for reactions and bookmarks, shared by server and client. Messages a user may see live in
 * REACTION_MESSAGES and translate under `reactions:errors.<key>` in locales.
 */
import { z } from 'zod';

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
export const BOOKMARKABLE_TYPES = ['stories', 'problems', 'solutions', 'skills'] as const;
export type BookmarkableType = (typeof BOOKMARKABLE_TYPES)[number];

export const REACTION_MESSAGES = {
  reactionInvalid: 'Choose a reaction',
  itemRequired: 'Choose what to react to',
} as const;

const itemIdSchema = z.string({ message: REACTION_MESSAGES.itemRequired }).min(1, {
  message: REACTION_MESSAGES.itemRequired,
});

export const reactionKindSchema = z.enum(REACTION_KINDS, {
  message: REACTION_MESSAGES.reactionInvalid,
});

/** An item a reaction names. An unknown kind of item names nothing: the caller answers NOT_FOUND. */
export const reactionTargetSchema = z.object({
  itemType: z.enum(REACTABLE_TYPES),
  itemId: itemIdSchema,
});

export const reactInputSchema = reactionTargetSchema.extend({ reaction: reactionKindSchema });

export const bookmarkTargetSchema = z.object({
  itemType: z.enum(BOOKMARKABLE_TYPES),
  itemId: itemIdSchema,
});
