import { AI_CHATS_MAX } from '@rules';
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
  Subscription,
} from 'type-graphql';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { AFTER_ARG, backwardConnection, FIRST_ARG, toConnection } from '../../graphql/page';
import { TokenAccess } from '../../graphql/token-scopes';
import {
  createAiChat,
  listAiChatMessages,
  listAiChats,
  ownAiChat,
  renameAiChat,
  type AiChatMessageRow,
  type AiChatRow,
} from './ai-chat.service';
import {
  deleteAiChat,
  followAiChatAnswers,
  sendAiChatMessage,
  stopAiChatAnswer,
  type LiveAiChatAnswer,
} from './ai-chat-stream.service';
import {
  AI_CHAT_MESSAGES_LAST,
  AiChatAnswerEvent,
  AiChatExchange,
  AiChatMessagePage,
  AiChatMessageType,
  AiChatPage,
  AiChatType,
  CreateAiChatInput,
  SendAiChatMessageInput,
} from './ai-chat.types';

const presentMessage = (row: AiChatMessageRow): AiChatMessageType => ({
  id: row.id,
  chatId: row.chatId,
  role: row.role,
  text: row.text,
  status: row.status,
  error: row.error,
  usage: { inputTokens: row.inputTokens, outputTokens: row.outputTokens },
  createdAt: row.createdAt,
});

/**
 * AI chat (000 §2 /aichat), from a signed-in session only: it spends the person's own key and
 * quota, and its text is theirs alone.
 */
@TokenAccess(SESSION_ACCESS)
@Resolver(() => AiChatType)
export class AiChatResolver {
  @Authorized()
  @Query(() => AiChatPage, { description: 'Your AI chats, the one last written in first.' })
  async aiChats(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return toConnection(await listAiChats(ctx, { first, after }));
  }

  @Authorized()
  @Query(() => AiChatType, { description: 'One of your AI chats (another’s is NOT_FOUND).' })
  aiChat(@Arg('id', () => ID, { description: 'The chat’s id.' }) id: string, @Ctx() ctx: Context) {
    return ownAiChat(ctx, id);
  }

  @FieldResolver(() => AiChatMessagePage, {
    description: 'Its messages, oldest first: the newest `last`, or the `last` before `before`.',
  })
  async messages(
    @Root() chat: AiChatRow,
    @Ctx() ctx: Context,
    @Arg('last', () => Int, AI_CHAT_MESSAGES_LAST) last?: number,
    @Arg('before', () => ID, {
      nullable: true,
      description: 'A message’s id: the messages before it.',
    })
    before?: string,
  ) {
    const page = await listAiChatMessages(ctx, chat, { last, before });
    return backwardConnection(page.messages.map(presentMessage), page.hasMore);
  }

  @Authorized()
  @Mutation(() => AiChatType, {
    description: `Starts an AI chat (at most ${AI_CHATS_MAX} per person) in a space, through one of your configurations.`,
  })
  createAiChat(
    @Arg('input', () => CreateAiChatInput, { description: 'Its name, configuration and space.' })
    input: CreateAiChatInput,
    @Ctx() ctx: Context,
  ) {
    return createAiChat(ctx, input);
  }

  @Authorized()
  @Mutation(() => AiChatType, { description: 'Renames one of your AI chats.' })
  renameAiChat(
    @Arg('id', () => ID, { description: 'The chat’s id.' }) id: string,
    @Arg('name', () => String, { description: 'Its new name.' }) name: string,
    @Ctx() ctx: Context,
  ) {
    return renameAiChat(ctx, id, name);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Deletes one of your AI chats and its messages, stopping an answer it streams.',
  })
  deleteAiChat(
    @Arg('id', () => ID, { description: 'The chat’s id.' }) id: string,
    @Ctx() ctx: Context,
  ) {
    return deleteAiChat(ctx, id);
  }

  @Authorized()
  @Mutation(() => AiChatExchange, {
    description:
      'Sends a message to one of your AI chats: stores it and an empty answer and returns both; the answer streams over aiChatAnswer. One answer at a time per chat; each counts against your AI rate and monthly allowance.',
  })
  async sendAiChatMessage(
    @Arg('input', () => SendAiChatMessageInput, { description: 'The chat and the message.' })
    input: SendAiChatMessageInput,
    @Ctx() ctx: Context,
  ): Promise<AiChatExchange> {
    const { message, answer } = await sendAiChatMessage(ctx, input);
    return { message: presentMessage(message), answer: presentMessage(answer) };
  }

  @Authorized()
  @Mutation(() => AiChatMessageType, {
    description:
      'Stops one of your answers while it streams, keeping its text so far (stopped); an answer already ended is returned as it is.',
  })
  async stopAiChatAnswer(
    @Arg('messageId', () => ID, { description: 'The answer’s id.' }) messageId: string,
    @Ctx() ctx: Context,
  ) {
    return presentMessage(await stopAiChatAnswer(ctx, messageId));
  }

  @Subscription(() => AiChatAnswerEvent, {
    description:
      'The answers of one of your AI chats as they stream: each delta, then the stored answer once it ends. NOT_FOUND for another’s chat.',
    subscribe: ({ args, context }) => followAiChatAnswers(context as Context, args.chatId),
  })
  aiChatAnswer(
    @Arg('chatId', () => ID, { description: 'The chat’s id.' }) _chatId: string,
    @Root() event: LiveAiChatAnswer,
  ): AiChatAnswerEvent {
    return {
      chatId: event.chatId,
      messageId: event.messageId,
      delta: event.delta,
      offset: event.offset,
      status: event.status,
      message: event.message ? presentMessage(event.message) : null,
    };
  }
}
