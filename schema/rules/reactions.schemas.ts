/** The zod validators of reactions and bookmarks (kinds and messages: reactions.ts). */
import { z } from 'zod';
import {
  BOOKMARKABLE_TYPES,
  REACTABLE_TYPES,
  REACTION_KINDS,
  REACTION_MESSAGES,
} from './reactions';
import { ID_MAX } from './limits';
import { MESSAGES } from './messages';

const itemIdSchema = z
  .string({ message: REACTION_MESSAGES.itemRequired })
  .min(1, { message: REACTION_MESSAGES.itemRequired })
  .max(ID_MAX, { message: MESSAGES.invalidValue, abort: true });

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
