import { and, eq } from 'drizzle-orm';
import { reactToMessageSchema } from '@rules';
import { limitedWriteFor } from '../../auth/rate-limit';
import type { Context } from '../../context';
import { chatMessages, chatReactions } from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import { requireWriter } from '../../auth/guards';
import { requireReadableConversation } from './chat-access.service';
import { CHAT_LIMITS_BUCKET, reactionKeys } from './chat-limits.service';
import type { ChatMessageRecord } from './chat-message.presenter';
import { announceMessage, loadChatMessage } from './chat-messages.service';

/**
 * One emoji per person on a message of a conversation they read (000 §2): a new emoji replaces
 * theirs; the same emoji again, or none, takes theirs away. Anyone who reads may react, the
 * author too. Limited per person (chat-limits): everyone with the conversation open sees each.
 */
export async function reactToChatMessage(ctx: Context, input: unknown): Promise<ChatMessageRecord> {
  const viewer = requireWriter(ctx);
  const { conversationId, messageId, emoji } = parseInput(reactToMessageSchema, input);
  const conversation = await requireReadableConversation(ctx, viewer, conversationId);
  const limits = reactionKeys(viewer.id);
  const message = await limitedWriteFor(ctx.db, CHAT_LIMITS_BUCKET, limits, async (tx) => {
    const [message] = await tx
      .select({ id: chatMessages.id, authorId: chatMessages.authorId })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversation.id)))
      .for('share');
    if (!message) throw notFound();
    const mine = and(eq(chatReactions.messageId, message.id), eq(chatReactions.userId, viewer.id));
    const [removed] = await tx
      .delete(chatReactions)
      .where(emoji === null ? mine : and(mine, eq(chatReactions.emoji, emoji)))
      .returning({ emoji: chatReactions.emoji });
    if (emoji !== null && !removed)
      await tx
        .insert(chatReactions)
        .values({ messageId: message.id, userId: viewer.id, emoji })
        .onConflictDoUpdate({
          target: [chatReactions.messageId, chatReactions.userId],
          set: { emoji, createdAt: new Date() },
        });
    return message;
  });
  announceMessage(ctx, 'reaction', { ...message, conversationId: conversation.id });
  return loadChatMessage(ctx.db, message.id);
}
