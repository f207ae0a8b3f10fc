import { htmlToPlainText, type ChatFile } from '@rules';
import type { AuthorRow } from '../users/user.rows';
import { authorView } from '../users/user.service';
import type { ChatMessageType, ChatQuote, ChatReactionCount } from './chat.types';

/**
 * A message as loaded once (chat-messages.service `loadChatMessages`), for any number of viewers:
 * its reactions come as rows, so each viewer's `reactedByMe` is computed for them alone.
 */
export interface ChatMessageRecord {
  id: string;
  conversationId: string;
  text: string;
  files: ChatFile[];
  replyToId: string | null;
  createdAt: Date;
  editedAt: Date | null;
  author: AuthorRow | null;
  /** The replied message (null for no reply, or once it was deleted); its text is HTML. */
  reply: { id: string; text: string; authorName: string | null; hasFiles: boolean } | null;
  reactions: { userId: string; emoji: string }[];
}

/** Reactions counted by emoji, in the order they were first given. */
function reactionCounts(message: ChatMessageRecord, viewerId: string | null): ChatReactionCount[] {
  const counts = new Map<string, ChatReactionCount>();
  for (const { userId, emoji } of message.reactions) {
    const count = counts.get(emoji) ?? { emoji, count: 0, reactedByMe: false };
    count.count++;
    if (userId === viewerId) count.reactedByMe = true;
    counts.set(emoji, count);
  }
  return [...counts.values()];
}

/** The quote shows plain text: a reply's preview line never renders the replied message's HTML. */
const quoteOf = (message: ChatMessageRecord): ChatQuote | null =>
  message.reply
    ? {
        id: message.reply.id,
        text: htmlToPlainText(message.reply.text).trim(),
        authorName: message.reply.authorName ?? '',
        hasFiles: message.reply.hasFiles,
      }
    : null;

/** A message as `viewerId` sees it over GraphQL (queries, mutations and live events alike). */
export function presentChatMessage(
  message: ChatMessageRecord,
  viewerId: string | null,
): ChatMessageType {
  return {
    id: message.id,
    conversationId: message.conversationId,
    text: message.text,
    files: message.files.map((file) => ({ ...file, name: file.name ?? '' })),
    author: message.author ? authorView(message.author) : null,
    type: message.replyToId ? 'reply' : null,
    replyTo: quoteOf(message),
    reactions: reactionCounts(message, viewerId),
    createdAt: message.createdAt,
    editedAt: message.editedAt,
  };
}

/** The REST shape of a message (000 §3 "Chat message"). */
export function presentChatMessageRest(message: ChatMessageRecord, viewerId: string | null) {
  const author = message.author ? authorView(message.author) : null;
  const quote = quoteOf(message);
  return {
    id: message.id,
    conversationId: message.conversationId,
    text: message.text,
    files: message.files,
    author: author && { ...author, name: author.displayName },
    type: message.replyToId ? 'reply' : null,
    selectedMessage: quote && {
      id: quote.id,
      text: quote.text,
      author: { displayName: quote.authorName },
      hasFiles: quote.hasFiles,
    },
    reactions: reactionCounts(message, viewerId),
    createdAt: message.createdAt.toISOString(),
    updatedAt: (message.editedAt ?? message.createdAt).toISOString(),
    editedAt: message.editedAt?.toISOString() ?? null,
    // `when` is the moment to show relatively ("few seconds ago"); the client words it.
    when: message.createdAt.toISOString(),
  };
}
