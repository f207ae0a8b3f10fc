import DataLoader from 'dataloader';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { chatMembers, users } from '../../db/schema';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import type { ReadableConversation } from './chat-access.service';
import { memberCounts } from './chat-members.service';

/** Per-request loaders of what a list of conversations shows: one query per field, not per row. */
export const createChatConversationLoaders = (db: Db, viewer: Viewer | null) => ({
  /** A direct chat's other person, for this viewer (null once they deleted their account). */
  chatPartner: new DataLoader<string, AuthorRow | null>(async (conversationIds) => {
    if (!viewer) return conversationIds.map(() => null);
    const rows = await db
      .select({ conversationId: chatMembers.conversationId, user: AUTHOR_COLUMNS })
      .from(chatMembers)
      .innerJoin(users, eq(users.id, chatMembers.userId))
      .where(
        and(inArray(chatMembers.conversationId, [...conversationIds]), ne(users.id, viewer.id)),
      );
    const byId = new Map(rows.map((row) => [row.conversationId, row.user]));
    return conversationIds.map((id) => byId.get(id) ?? null);
  }),
  /** Whether the viewer has a member row in the conversation. */
  chatIsMember: new DataLoader<string, boolean>(async (conversationIds) => {
    if (!viewer) return conversationIds.map(() => false);
    const rows = await db
      .select({ conversationId: chatMembers.conversationId })
      .from(chatMembers)
      .where(
        and(
          inArray(chatMembers.conversationId, [...conversationIds]),
          eq(chatMembers.userId, viewer.id),
        ),
      );
    const member = new Set(rows.map((row) => row.conversationId));
    return conversationIds.map((id) => member.has(id));
  }),
  /** How many people `chatMembers` lists for the conversation. */
  chatTotalMembers: new DataLoader<ReadableConversation, number, string>(
    async (conversations) => {
      const counts = await memberCounts(db, conversations);
      return conversations.map((conversation) => counts.get(conversation.id) ?? 0);
    },
    { cacheKeyFn: (conversation) => conversation.id },
  ),
});
