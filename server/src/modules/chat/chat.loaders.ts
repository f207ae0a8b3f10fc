import DataLoader from 'dataloader';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import type { ChatMessageRecord } from './chat-message.presenter';
import { lastMessagesOf } from './chat-messages.service';
import { unreadCounts } from './chat-unread.service';

/** Per-request loaders of a conversation list's unread counts and last messages: one query each. */
export const createChatLoaders = (db: Db, viewer: Viewer | null) => ({
  /** The viewer's unread messages in the conversation. */
  chatUnread: new DataLoader<string, number>(async (conversationIds) => {
    if (!viewer) return conversationIds.map(() => 0);
    const counts = await unreadCounts(db, viewer.id, conversationIds);
    return conversationIds.map((id) => counts.get(id) ?? 0);
  }),
  /** The conversation's newest message (null before the first). */
  chatLastMessage: new DataLoader<string, ChatMessageRecord | null>(async (conversationIds) => {
    const newest = await lastMessagesOf(db, conversationIds);
    return conversationIds.map((id) => newest.get(id) ?? null);
  }),
});
