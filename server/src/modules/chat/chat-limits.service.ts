import { eq } from 'drizzle-orm';
import { RATE_LIMITS, pairKeyOf } from '@rules';
import type { LimitedKey } from '../../auth/rate-limit';
import type { DbOrTx } from '../../db/client';
import { chatConversations } from '../../db/schema';

/**
 * What chat's writes count against the shared limiter (RATE_LIMITS.chat*): one bucket, a key per
 * kind of write and person. Messages in a conversation one already has are limited loosely (a
 * conversation is bursty); a direct chat with someone new, a group, and every person pulled into
 * one land in someone else's list, and are limited tighter.
 */
export const CHAT_LIMITS_BUCKET = 'chat';

/** A message sent or edited: a minute's and an hour's window of the same count. */
export const messageKeys = (userId: string): LimitedKey[] => [
  { key: `message:${userId}`, limit: RATE_LIMITS.chatMessage },
  { key: `message:${userId}`, limit: RATE_LIMITS.chatMessageHourly },
];

export const reactionKeys = (userId: string): LimitedKey[] => [
  { key: `reaction:${userId}`, limit: RATE_LIMITS.chatReaction },
];

/**
 * Opening the direct chat of `userId` and `receiverId`: counted only when they have none yet (the
 * receiver is someone new to them).
 */
export async function directChatKeys(
  db: DbOrTx,
  userId: string,
  receiverId: string,
): Promise<LimitedKey[]> {
  const [existing] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.pairKey, pairKeyOf(userId, receiverId)));
  if (existing) return [];
  return [
    { key: `direct:${userId}`, limit: RATE_LIMITS.chatNewDirect },
    { key: `direct:${userId}`, limit: RATE_LIMITS.chatNewDirectDaily },
  ];
}

/** A group or channel created by `userId` with `memberIds` (the creator among them or not). */
export const newConversationKeys = (userId: string, memberIds: readonly string[]) => [
  { key: `conversation:${userId}`, limit: RATE_LIMITS.chatConversationCreate },
  ...addedKeys(
    userId,
    memberIds.filter((memberId) => memberId !== userId),
  ),
];

/** People added to a group or channel: all of them, and each one by this person. */
export const addedKeys = (userId: string, addedIds: readonly string[]): LimitedKey[] =>
  addedIds.length === 0
    ? []
    : [
        { key: `members:${userId}`, limit: RATE_LIMITS.chatMembersAdded, count: addedIds.length },
        ...addedIds.map((addedId) => ({
          key: `member:${userId}:${addedId}`,
          limit: RATE_LIMITS.chatMemberAddedPerRecipient,
        })),
      ];
