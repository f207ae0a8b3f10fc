import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { CHAT_HISTORY_PAGE } from '@rules';
import type { Context } from '../../context';
import { getConversation } from './chat-access.service';
import { presentChatMessage } from './chat-message.presenter';
import * as messageService from './chat-messages.service';
import { reactToChatMessage } from './chat-reactions.service';
import * as unreadService from './chat-unread.service';
import { presentConversation, type PresentedConversation } from './chat.presenter';
import {
  ChatConversationType,
  ChatMessagePage,
  ChatMessageType,
  ChatTotals,
  SendChatMessageInput,
} from './chat.types';
import { CHAT_ACCESS } from '../../auth/scopes';
import { TokenAccess } from '../../graphql/token-scopes';
import { backwardConnection } from '../../graphql/page';

const viewerIdOf = (ctx: Context) => ctx.viewer?.id ?? null;

/** Messages, reactions and reading (000 §2 opened chat, §5 message rules). */
@TokenAccess(CHAT_ACCESS)
@Resolver(() => ChatMessageType)
export class ChatMessageResolver {
  @Authorized()
  @Query(() => ChatMessagePage, {
    description:
      'History, oldest first: the newest `last`, the `last` before `before`, or (catching up after a reconnect) everything after `after`, up to 1000. An unknown `after` gives the newest page.',
  })
  async chatMessages(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    conversationId: string,
    @Arg('before', () => ID, {
      nullable: true,
      description: "A message's id (an edge's cursor): the messages older than it.",
    })
    before?: string,
    @Arg('after', () => ID, {
      nullable: true,
      description: "A message's id: every message newer than it (up to 1000); not with before.",
    })
    after?: string,
    @Arg('last', () => Int, {
      nullable: true,
      description: `How many messages to return, the newest ones or those before \`before\`, 1 to 1000 (${CHAT_HISTORY_PAGE} when omitted).`,
    })
    last?: number | null,
    @Arg('limit', () => Int, {
      nullable: true,
      description: 'How many messages to return, 1 to 1000.',
      deprecationReason: 'Use last.',
    })
    limit?: number | null,
  ) {
    const page = await messageService.listChatMessages(ctx, {
      conversationId,
      before,
      after,
      limit: last ?? limit ?? CHAT_HISTORY_PAGE,
    });
    const messages = page.items.map((message) => presentChatMessage(message, viewerIdOf(ctx)));
    return { ...backwardConnection(messages, page.hasMore), hasMore: page.hasMore };
  }

  @Authorized()
  @Query(() => ChatTotals, {
    description:
      "The Chat badge's totals in a space: direct chats, groups and channels; and the space chat.",
  })
  chatTotals(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: 'The space whose totals to count.' }) spaceId: string,
  ) {
    return unreadService.chatTotals(ctx, spaceId);
  }

  @Authorized()
  @Mutation(() => ChatMessageType, {
    description:
      'Sends a message. Idempotent by its client-made id: sending it again returns the stored one.',
  })
  async sendChatMessage(
    @Ctx() ctx: Context,
    @Arg('input', () => SendChatMessageInput, { description: 'The message to send.' })
    input: SendChatMessageInput,
  ) {
    return presentChatMessage(await messageService.sendChatMessage(ctx, input), viewerIdOf(ctx));
  }

  @Authorized()
  @Mutation(() => ChatMessageType, { description: "The author edits a message's text." })
  async editChatMessage(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The message's conversation." })
    conversationId: string,
    @Arg('messageId', () => ID, { description: "The message's id." }) messageId: string,
    @Arg('text', () => String, {
      description: "The new text: the editor's HTML, at most 5000 characters of text.",
    })
    text: string,
  ) {
    const message = await messageService.editChatMessage(ctx, { conversationId, messageId, text });
    return presentChatMessage(message, viewerIdOf(ctx));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'The author deletes a message.' })
  async deleteChatMessage(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The message's conversation." })
    conversationId: string,
    @Arg('messageId', () => ID, { description: "The message's id." }) messageId: string,
  ) {
    await messageService.deleteChatMessage(ctx, { conversationId, messageId });
    return true;
  }

  @Authorized()
  @Mutation(() => ChatMessageType, {
    description:
      'One emoji per person: a new one replaces mine; null, or the same emoji again, removes mine.',
  })
  async reactToChatMessage(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The message's conversation." })
    conversationId: string,
    @Arg('messageId', () => ID, { description: "The message's id." }) messageId: string,
    @Arg('emoji', () => String, {
      nullable: true,
      description: "One emoji (👍, 👍🏽, 🇮🇳); null removes the viewer's reaction.",
    })
    emoji?: string,
  ) {
    const message = await reactToChatMessage(ctx, { conversationId, messageId, emoji });
    return presentChatMessage(message, viewerIdOf(ctx));
  }

  @Authorized()
  @Mutation(() => ChatConversationType, {
    description: 'The viewer read the conversation up to its newest message.',
  })
  async markConversationRead(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    conversationId: string,
  ) {
    await unreadService.markConversationRead(ctx, conversationId);
    return presentConversation(await getConversation(ctx, conversationId));
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'The conversation open on screen (null: none). Opening and leaving one marks it read; while open, its messages are read as they arrive.',
  })
  async setActiveConversation(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, {
      nullable: true,
      description: 'The conversation now open; null when none is.',
    })
    conversationId?: string,
  ) {
    await unreadService.setActiveConversation(ctx, conversationId ?? null);
    return true;
  }
}

/** A conversation's unread count and last message, for the viewer (S1 resolves the rest). */
@TokenAccess(CHAT_ACCESS)
@Resolver(() => ChatConversationType)
export class ChatConversationMessageFields {
  @FieldResolver(() => Int, { description: "The viewer's unread messages here." })
  totalNewMessages(
    @Root() conversation: PresentedConversation,
    @Ctx() ctx: Context,
  ): number | Promise<number> {
    return conversation.source.unread ?? ctx.loaders.chatUnread.load(conversation.id);
  }

  @FieldResolver(() => ChatMessageType, {
    nullable: true,
    description: 'The newest message; null when it has none.',
  })
  async lastMessage(
    @Root() conversation: PresentedConversation,
    @Ctx() ctx: Context,
  ): Promise<ChatMessageType | null> {
    const message = await ctx.loaders.chatLastMessage.load(conversation.id);
    return message && presentChatMessage(message, viewerIdOf(ctx));
  }
}
