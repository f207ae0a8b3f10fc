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
import type { ChatSort } from '@rules';
import type { Context } from '../../context';
import { authorView } from '../users/user.service';
import { AuthorType } from '../users/user.types';
import { getConversation, type ConversationView } from './chat-access.service';
import * as conversationService from './chat-conversations.service';
import * as memberService from './chat-members.service';
import {
  presentChatMember,
  presentChatMembers,
  presentConversation,
  type PresentedConversation,
} from './chat.presenter';
import {
  ChatConversationType,
  ChatMember,
  ChatSortEnum,
  CreateConversationInput,
} from './chat.types';
import { CHAT_ACCESS } from '../../auth/scopes';
import { TokenAccess } from '../../graphql/token-scopes';

const presentAll = (views: ConversationView[]) => views.map(presentConversation);

/** Conversations and their people (000 §2 chat drawer, §6 group options). */
@TokenAccess(CHAT_ACCESS)
@Resolver(() => ChatConversationType)
export class ChatConversationResolver {
  @Authorized()
  @Query(() => [ChatConversationType], {
    description:
      "The viewer's conversations for a space: its chat first (none for outsiders of a private space), then direct chats and the space's groups and channels the viewer is in.",
  })
  async chatConversations(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: 'The space whose conversations to list.' })
    spaceId: string,
    @Arg('sort', () => ChatSortEnum, {
      defaultValue: 'unread',
      description:
        'After the space chat: unread (most unread, then newest message) or alphabetical.',
    })
    sort: ChatSort,
  ) {
    return presentAll(await conversationService.listConversations(ctx, { spaceId, sort }));
  }

  @Authorized()
  @Query(() => [ChatConversationType], {
    description: 'Public channels of the space the viewer may join (isMember false).',
  })
  async chatChannelDirectory(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: 'The space whose channels to list.' }) spaceId: string,
  ) {
    return presentAll(await conversationService.listChannelDirectory(ctx, spaceId));
  }

  @Authorized()
  @Query(() => ChatConversationType, { description: 'A conversation the viewer may read.' })
  async chatConversation(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: "The conversation's id." }) id: string,
  ) {
    return presentConversation(await getConversation(ctx, id));
  }

  @Authorized()
  @Query(() => ChatConversationType, {
    description: "A space's default chat; NOT_FOUND for outsiders of a private space.",
  })
  async spaceChat(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: 'The space whose chat to open.' }) spaceId: string,
  ) {
    return presentConversation(await conversationService.getSpaceChat(ctx, spaceId));
  }

  @Authorized()
  @Query(() => [ChatMember], {
    description:
      "A conversation's people; a space chat's are a private space's participants, or in a public space those who opened it.",
  })
  async chatMembers(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    conversationId: string,
  ) {
    return presentChatMembers(await memberService.listMembers(ctx, conversationId));
  }

  @Authorized()
  @Query(() => [ChatMember], {
    description:
      'People to add: with conversationId, those not in it; without (a new direct chat), everyone but the viewer and their direct-chat partners. Search: at most 10; empty: up to 100 by name.',
  })
  async chatPickableUsers(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: 'The space whose readers may be picked.' })
    spaceId: string,
    @Arg('conversationId', () => ID, {
      nullable: true,
      description: 'The group or channel to add people to; omitted for a new direct chat.',
    })
    conversationId?: string,
    @Arg('search', () => String, {
      nullable: true,
      description: 'Part of a display name, at most 100 characters (trimmed, any case).',
    })
    search?: string,
  ) {
    return presentChatMembers(
      await memberService.listPickableUsers(ctx, { spaceId, conversationId, search }),
    );
  }

  @Authorized()
  @Mutation(() => ChatConversationType, {
    description:
      "A direct chat (the pair's existing one if any), a group or a channel; the creator is its author and a member.",
  })
  async createConversation(
    @Ctx() ctx: Context,
    @Arg('input', () => CreateConversationInput, { description: 'The conversation to create.' })
    input: CreateConversationInput,
  ) {
    return presentConversation(await conversationService.createConversation(ctx, input));
  }

  @Authorized()
  @Mutation(() => ChatConversationType, { description: 'Join a public channel.' })
  async joinChannel(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The public channel's id." })
    conversationId: string,
  ) {
    return presentConversation(await conversationService.joinChannel(ctx, conversationId));
  }

  @Authorized()
  @Mutation(() => ChatConversationType, {
    description: 'Members of a group or channel add people who read its space.',
  })
  async addChatMembers(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    conversationId: string,
    @Arg('userIds', () => [ID], {
      description: 'The people to add, 1 to 100; those already in it stay.',
    })
    userIds: string[],
  ) {
    return presentConversation(
      await memberService.addChatMembers(ctx, { conversationId, userIds }),
    );
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      'Leave a group or channel (not a space chat or direct chat; its author deletes it).',
  })
  leaveConversation(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    conversationId: string,
  ) {
    return conversationService.leaveConversation(ctx, conversationId);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Delete a group or channel (its author) or a direct chat (either person).',
  })
  deleteConversation(
    @Ctx() ctx: Context,
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    conversationId: string,
  ) {
    return conversationService.deleteConversation(ctx, conversationId);
  }

  @FieldResolver(() => AuthorType, { nullable: true })
  async author(@Root() conversation: PresentedConversation, @Ctx() ctx: Context) {
    const { authorId } = conversation.source;
    if (!authorId || conversation.type === 'space') return null;
    const author = await ctx.loaders.authorById.load(authorId);
    return author ? authorView(author) : null;
  }

  @FieldResolver(() => ChatMember, { nullable: true })
  receivingAuthor(@Root() conversation: PresentedConversation) {
    const { partner } = conversation.source;
    return partner ? presentChatMember(partner) : null;
  }

  @FieldResolver(() => Int)
  totalMembers(@Root() conversation: PresentedConversation, @Ctx() ctx: Context) {
    return ctx.loaders.chatTotalMembers.load(conversation.source);
  }

  @FieldResolver(() => Boolean)
  isMember(@Root() conversation: PresentedConversation, @Ctx() ctx: Context) {
    if (conversation.type === 'space') return true;
    return ctx.loaders.chatIsMember.load(conversation.id);
  }
}
