import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import type { Context } from '../../context';
import { expectedError } from '../../errors';
import { createLoaders } from '../../graphql/loaders';
import { getConversation } from './chat-access.service';
import {
  setTyping,
  type LiveConversationEvent,
  type LiveMessageEvent,
  type LiveTypingEvent,
  type LiveUnreadEvent,
} from './chat-live.service';
import { chatPresence, type Presence } from './chat-presence.service';
import { presentChatMessage } from './chat-message.presenter';
import { presentConversation } from './chat.presenter';
import {
  ChatConversationEvent,
  ChatConversationType,
  ChatMember,
  ChatMessageEvent,
  ChatPresence,
  ChatTypingEvent,
  ChatUnreadEvent,
} from './chat.types';
import { CHAT_ACCESS } from '../../auth/scopes';
import { TokenAccess } from '../../graphql/token-scopes';

const liveOf = (context: unknown) => (context as Context).live.chat;

/** Chat as it happens: messages, typing, unread counts, conversations and presence. */
@TokenAccess(CHAT_ACCESS)
@Resolver()
export class ChatLiveResolver {
  @Query(() => [ChatPresence], {
    description:
      'People’s chat status (at most 100 ids), shown to those who share a conversation or a private space with them unless they hide it; to anyone else offline with no lastSeen.',
  })
  async chatPresence(
    @Arg('userIds', () => [ID], {
      description: 'The people whose status to return, at most 100; in this order.',
    })
    userIds: string[],
    @Ctx() ctx: Context,
  ): Promise<Presence[]> {
    return chatPresence(ctx, userIds);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'The viewer started or stopped typing in a conversation (members only).',
  })
  async setTyping(
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    conversationId: string,
    @Arg('typing', () => Boolean, {
      description: 'True while typing (repeat at most every 3 s); false when stopped.',
    })
    typing: boolean,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return setTyping(ctx, conversationId, typing);
  }

  @Subscription(() => ChatMessageEvent, {
    description:
      'Messages added, edited, removed or reacted to in a conversation the viewer may read (the viewer’s own included). Refused with NOT_FOUND otherwise; ends when the viewer loses access.',
    subscribe: ({ args, context }) =>
      liveOf(context).messages(context as Context, args.conversationId as string),
  })
  chatMessageEvents(
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    _conversationId: string,
    @Root() event: LiveMessageEvent,
    @Ctx() ctx: Context,
  ): ChatMessageEvent {
    return {
      change: event.change,
      conversationId: event.conversationId,
      messageId: event.messageId,
      message: event.message ? presentChatMessage(event.message, ctx.viewer!.id) : null,
    };
  }

  @Subscription(() => ChatTypingEvent, {
    description: 'Others starting or stopping typing in a conversation the viewer may read.',
    subscribe: ({ args, context }) =>
      liveOf(context).typing(context as Context, args.conversationId as string),
  })
  chatTyping(
    @Arg('conversationId', () => ID, { description: "The conversation's id." })
    _conversationId: string,
    @Root() event: LiveTypingEvent,
  ): ChatTypingEvent {
    return event;
  }

  @Subscription(() => ChatUnreadEvent, {
    description:
      "The viewer's unread count of a conversation changed (a message in a conversation of this space or a direct chat, or a read on another device), with the space's totals.",
    subscribe: ({ args, context }) =>
      liveOf(context).unread(context as Context, args.spaceId as string),
  })
  chatUnread(
    @Arg('spaceId', () => ID, {
      description:
        'The space whose conversations and totals to follow (direct chats count in every space).',
    })
    _spaceId: string,
    @Root() event: LiveUnreadEvent,
  ): ChatUnreadEvent {
    return event;
  }

  @Subscription(() => ChatPresence, {
    description:
      'These people coming online or going offline (at most 100 ids), sent only to those chatPresence shows them to, judged at every change.',
    subscribe: ({ args, context }) =>
      (context as Context).live.presenceChanges.subscribe(context as Context, args.userIds),
  })
  presenceChanged(
    @Arg('userIds', () => [ID], { description: 'The people to follow, at most 100.' })
    _userIds: string[],
    @Root() presence: Presence,
  ): Presence {
    return presence;
  }

  @Subscription(() => ChatConversationEvent, {
    description:
      'The viewer was added to or removed from a conversation, or one of theirs changed or was deleted.',
    subscribe: ({ context }) => liveOf(context).conversationChanges(context as Context),
  })
  async chatConversationEvents(
    @Root() event: LiveConversationEvent,
    @Ctx() ctx: Context,
  ): Promise<ChatConversationEvent> {
    // The subscription's context lives as long as it does: fresh loaders, so counts are current.
    ctx.loaders = createLoaders(ctx.db, ctx.viewer);
    return {
      change: event.change,
      conversationId: event.conversationId,
      conversation: event.change === 'removed' ? null : await conversationFor(ctx, event),
    };
  }
}

/**
 * The conversation as the viewer's lists show it; null if it went again before this was asked
 * (a later event says so).
 */
async function conversationFor(
  ctx: Context,
  event: LiveConversationEvent,
): Promise<ChatConversationType | null> {
  try {
    const view = await getConversation(ctx, event.conversationId);
    // Its other fields are resolved on ChatConversation by their owners' field resolvers.
    return presentConversation(view) as unknown as ChatConversationType;
  } catch (error) {
    if (expectedError(error)?.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** A person's presence wherever a member appears (lists, pickers, a direct chat's other person). */
@TokenAccess(CHAT_ACCESS)
@Resolver(() => ChatMember)
export class ChatMemberPresenceField {
  @FieldResolver(() => ChatPresence, {
    description: 'Whether they are online, as the viewer may see it.',
  })
  presence(@Root() member: ChatMember, @Ctx() ctx: Context): Promise<Presence> {
    return ctx.loaders.presenceOf.load(member.id);
  }
}
