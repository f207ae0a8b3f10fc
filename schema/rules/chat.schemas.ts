/** The zod validators of chat's inputs (limits, messages and helpers: chat.ts). */
import { z } from 'zod';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_NAME_MIN,
  CHAT_ADD_MEMBERS_MAX,
  CHAT_EMOJI_MAX,
  CHAT_FILES_MAX,
  CHAT_HISTORY_PAGE,
  CHAT_HTML_MAX,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_TYPES,
  CHAT_ITEM_TYPES,
  CHAT_LIST_MAX,
  CHAT_MESSAGES,
  CHAT_SORTS,
  PRESENCE_IDS_MAX,
  isSingleEmoji,
} from './chat';
import { URL_MAX } from './limits';
import { MESSAGES } from './messages';
import { idSchema as id } from './validators';

/** Step 1 of creating a channel (or a group's name): required, at least 3 characters. */
export const channelNameSchema = z
  .string({ error: CHAT_MESSAGES.nameRequired })
  .trim()
  .min(1, CHAT_MESSAGES.nameRequired)
  .min(CHANNEL_NAME_MIN, CHAT_MESSAGES.nameTooShort)
  .max(CHANNEL_NAME_MAX, { message: CHAT_MESSAGES.nameTooLong, abort: true });

const channelDescriptionSchema = z
  .string()
  .trim()
  .max(CHANNEL_DESCRIPTION_MAX, { message: MESSAGES.invalidValue, abort: true })
  .optional()
  .default('');

/** A group, a channel, or (with receiverId) a direct chat. */
export const createConversationSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('p2p'),
      receiverId: id,
    }),
    z.object({
      type: z.enum(['public', 'private'], { error: CHAT_MESSAGES.visibilityRequired }),
      spaceId: id,
      name: channelNameSchema,
      description: channelDescriptionSchema,
      memberIds: z.array(id).max(CHAT_ADD_MEMBERS_MAX).optional().default([]),
    }),
    z.object({
      type: z.literal('group'),
      spaceId: id,
      name: channelNameSchema,
      description: channelDescriptionSchema,
      memberIds: z.array(id).max(CHAT_ADD_MEMBERS_MAX).optional().default([]),
      itemType: z.enum(CHAT_ITEM_TYPES).optional(),
      itemId: id.optional(),
    }),
    // No kind at all is a channel whose second step was skipped: its visibility is mandatory.
  ],
  { error: CHAT_MESSAGES.visibilityRequired },
);
export type CreateConversationInput = z.infer<typeof createConversationSchema>;

/** The people whose presence a list shows (chatPresence, presenceChanged). */
export const presenceIdsSchema = z
  .array(id)
  .max(PRESENCE_IDS_MAX, CHAT_MESSAGES.tooManyPeople)
  .transform((ids) => [...new Set(ids)]);

export const addMembersSchema = z.object({
  conversationId: id,
  userIds: z.array(id).min(1).max(CHAT_ADD_MEMBERS_MAX),
});

/** The drawer's list of a space's conversations. */
export const conversationListSchema = z.object({
  spaceId: id,
  sort: z.enum(CHAT_SORTS).optional().default('unread'),
});

/** The people picker: search trimmed and lower-cased; empty means no search. */
export const pickableUsersSchema = z.object({
  spaceId: id,
  conversationId: id.optional().nullable(),
  search: z
    .string()
    .max(100, { message: MESSAGES.invalidValue, abort: true })
    .optional()
    .nullable()
    .transform((search) => search?.trim().toLowerCase() ?? ''),
});

export const chatFileSchema = z.object({
  url: z.string().min(1).max(URL_MAX, { message: MESSAGES.urlMax, abort: true }),
  name: z.string().max(255, { message: MESSAGES.invalidValue, abort: true }).optional().default(''),
  type: z.enum(CHAT_IMAGE_TYPES, { error: CHAT_MESSAGES.imageType }),
  size: z.number().int().nonnegative().max(CHAT_IMAGE_MAX_BYTES, CHAT_MESSAGES.imageTooLarge),
});
export type ChatFile = z.infer<typeof chatFileSchema>;

/**
 * A message as sent. `id` is made by the client (a UUID), so a retry after a dropped connection
 * finds the message already stored instead of posting it twice. Text is the editor's HTML; the
 * server strips trailing empty paragraphs and sanitises it. Sendable with text or files.
 */
export const sendMessageSchema = z
  .object({
    id: z.uuid(),
    conversationId: id.optional().nullable(),
    /** A direct chat's first message: the conversation is opened (or created) first. */
    receiverId: id.optional().nullable(),
    text: z
      .string()
      .max(CHAT_HTML_MAX, { message: CHAT_MESSAGES.messageTooLong, abort: true })
      .optional()
      .default(''),
    files: z
      .array(chatFileSchema)
      .max(CHAT_FILES_MAX, CHAT_MESSAGES.tooManyFiles)
      .optional()
      .default([]),
    replyToId: id.optional().nullable(),
  })
  .refine((input) => input.conversationId || input.receiverId, {
    message: CHAT_MESSAGES.notMember,
    path: ['conversationId'],
  });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const editMessageSchema = z.object({
  conversationId: id,
  messageId: id,
  text: z.string().max(CHAT_HTML_MAX, { message: CHAT_MESSAGES.messageTooLong, abort: true }),
});

/** A message of a conversation, as deleting and reacting name it. */
export const chatMessageRefSchema = z.object({ conversationId: id, messageId: id });

/** A reaction on a message: one emoji per person; null (or the same emoji again) takes mine away. */
export const reactToMessageSchema = chatMessageRefSchema.extend({
  emoji: z
    .string()
    .trim()
    .max(CHAT_EMOJI_MAX, { message: CHAT_MESSAGES.emojiInvalid, abort: true })
    .refine(isSingleEmoji, CHAT_MESSAGES.emojiInvalid)
    .nullish()
    .transform((emoji) => emoji ?? null),
});

/**
 * A page of a conversation's history: the newest `limit` messages, those older than `before`, or
 * (catch-up after a reconnect) those after `after`, up to CHAT_LIST_MAX.
 */
export const chatHistorySchema = z
  .object({
    conversationId: id,
    before: id.nullish(),
    after: id.nullish(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(CHAT_LIST_MAX)
      .nullish()
      .transform((limit) => limit ?? CHAT_HISTORY_PAGE),
  })
  .refine((input) => !(input.before && input.after), {
    message: MESSAGES.invalidValue,
    path: ['after'],
  });
