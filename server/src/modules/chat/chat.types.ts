import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import {
  CHAT_ITEM_TYPES,
  CHAT_SORTS,
  CONVERSATION_TYPES,
  PRESENCE_STATES,
  type ConversationType,
  type PresenceState,
} from '@rules';
import { enumOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

export const ChatItemTypeEnum = enumOf(
  'ChatItemType',
  CHAT_ITEM_TYPES,
  "What a group may be tied to: a problem, a recipe or a space's maps.",
  {
    problem: 'A problem of the space.',
    recipe: "A recipe: the map of one of the space's problems.",
    spacemaps: "One of the space's other progress maps.",
  },
);

export const ConversationTypeEnum = enumOf(
  'ConversationType',
  CONVERSATION_TYPES,
  'The kind of a conversation: a direct chat, a group, a channel of a space, or the space chat.',
  {
    p2p: 'A direct chat between two people.',
    group: 'A chat of chosen people; it may be tied to a problem, a recipe or a map.',
    public: "A channel of a space that the space's participants can find and join.",
    private: 'A channel of a space that people join only when added.',
    space: 'The default chat of a space, one per space, open to whoever may read the space.',
  },
);
export const PresenceStateEnum = enumOf(
  'PresenceState',
  PRESENCE_STATES,
  'Whether a person is connected, as far as the viewer may see.',
  {
    online: 'At least one of their signed-in sockets is open.',
    offline: 'No socket is open, or the person is not shown to the viewer (hidden presence).',
  },
);
export const ChatSortEnum = enumOf(
  'ChatSort',
  CHAT_SORTS,
  'Order of the conversation list; the space chat always comes first.',
  {
    alphabetical: 'By name, A to Z.',
    unread: 'Most unread messages first, then the newest message first.',
  },
);
export const CHAT_MESSAGE_CHANGES = ['added', 'edited', 'removed', 'reaction'] as const;
export type ChatMessageChange = (typeof CHAT_MESSAGE_CHANGES)[number];
export const ChatMessageChangeEnum = enumOf(
  'ChatMessageChange',
  CHAT_MESSAGE_CHANGES,
  'What happened to a message.',
  {
    added: 'It was sent.',
    edited: 'Its author changed its text.',
    removed: 'It was deleted; the event carries no message.',
    reaction: 'Its reactions changed.',
  },
);
export const CONVERSATION_CHANGES = ['added', 'updated', 'removed'] as const;
export type ConversationChange = (typeof CONVERSATION_CHANGES)[number];
export const ConversationChangeEnum = enumOf(
  'ConversationChange',
  CONVERSATION_CHANGES,
  'What happened to a conversation in the viewer’s list.',
  {
    added: 'The viewer joined or was added to it.',
    updated: 'The viewer is still a member, and its members or details changed.',
    removed:
      'The viewer left or was removed, or it was deleted; the event carries no conversation.',
  },
);

@ObjectType({ description: "A person's chat status (000 §3): online, or offline since lastSeen." })
export class ChatPresence {
  @Field(() => ID) userId!: string;
  @Field(() => PresenceStateEnum) state!: PresenceState;
  @Field(() => Date, { nullable: true }) lastSeen!: Date | null;
}

@ObjectType({ description: 'A person in a conversation or a people picker, with their presence.' })
export class ChatMember {
  @Field(() => ID) id!: string;
  @Field(() => String) displayName!: string;
  @Field(() => String) photoURL!: string;
  @Field(() => Boolean, { description: "The conversation's author (groups and channels)." })
  isAuthor!: boolean;
  @Field(() => ChatPresence) presence!: ChatPresence;
}

@ObjectType()
export class ChatFileType {
  @Field(() => String, { description: 'Served only to the conversation’s members.' }) url!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'image/jpeg or image/png' }) type!: string;
  @Field(() => Int) size!: number;
}

@ObjectType({ description: 'The emoji on a message, one per person, counted by emoji.' })
export class ChatReactionCount {
  @Field(() => String) emoji!: string;
  @Field(() => Int) count!: number;
  @Field(() => Boolean) reactedByMe!: boolean;
}

@ObjectType({ description: 'The message a reply answers, as its quote shows it.' })
export class ChatQuote {
  @Field(() => ID) id!: string;
  @Field(() => String) text!: string;
  @Field(() => String) authorName!: string;
  @Field(() => Boolean, { description: 'Whether it has images.' }) hasFiles!: boolean;
}

@ObjectType('ChatMessage')
export class ChatMessageType {
  @Field(() => ID, { description: 'Made by the sending client, so a retried send is stored once.' })
  id!: string;
  @Field(() => ID) conversationId!: string;
  @Field(() => String, { description: 'Sanitised HTML.' }) text!: string;
  @Field(() => [ChatFileType]) files!: ChatFileType[];
  @Field(() => AuthorType, {
    nullable: true,
    description: 'Null once the author deleted their account.',
  })
  author!: AuthorType | null;
  @Field(() => String, { nullable: true, description: "'reply' for a reply (001 §7)." })
  type!: string | null;
  @Field(() => ChatQuote, {
    nullable: true,
    description: 'The replied message (selectedMessage); null when it was deleted or for no reply.',
  })
  replyTo!: ChatQuote | null;
  @Field(() => [ChatReactionCount]) reactions!: ChatReactionCount[];
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Set when edited (shown as edited).' })
  editedAt!: Date | null;
}

export const ChatMessagePage = pageOf(ChatMessageType, 'ChatMessage', null);
Field(() => Boolean, {
  description: 'Whether older messages remain (before the first).',
  deprecationReason: 'Use pageInfo { hasPreviousPage }.',
})(ChatMessagePage.prototype, 'hasMore');

@ObjectType('ChatConversation')
export class ChatConversationType {
  @Field(() => ID) id!: string;
  @Field(() => ConversationTypeEnum) type!: ConversationType;
  @Field(() => String, {
    description: "The group's name; a direct chat's other person; a space chat's space name.",
  })
  name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => ID, { nullable: true, description: 'Null for direct chats.' }) spaceId!:
    string | null;
  @Field(() => AuthorType, { nullable: true }) author!: AuthorType | null;
  @Field(() => ChatItemTypeEnum, { nullable: true, description: 'What the group is tied to.' })
  itemType!: string | null;
  @Field(() => ID, { nullable: true, description: 'The problem (Go To Problem), recipe or map.' })
  itemId!: string | null;
  @Field(() => ChatMember, { nullable: true, description: "A direct chat's other person." })
  receivingAuthor!: ChatMember | null;
  @Field(() => String, { nullable: true }) imageURL!: string | null;
  @Field(() => Int, { description: "The viewer's unread messages here." })
  totalNewMessages!: number;
  @Field(() => Int) totalMembers!: number;
  @Field(() => Boolean, {
    description: 'False for a public channel the viewer may join; space chats are always true.',
  })
  isMember!: boolean;
  @Field(() => ChatMessageType, { nullable: true }) lastMessage!: ChatMessageType | null;
  @Field(() => Date) lastMessageAt!: Date;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType({ description: "The viewer's unread totals for a space (userSpaceDoc.chat)." })
export class ChatTotals {
  @Field(() => Int, { description: 'Direct chats, groups and channels.' })
  totalNewMessages!: number;
  @Field(() => Int, { description: "The space's default chat." }) totalNewSpaceMessages!: number;
}

@ObjectType({ description: 'A message added, edited, removed or reacted to, as it arrives live.' })
export class ChatMessageEvent {
  @Field(() => ChatMessageChangeEnum) change!: ChatMessageChange;
  @Field(() => ID) conversationId!: string;
  @Field(() => ID) messageId!: string;
  @Field(() => ChatMessageType, { nullable: true, description: 'Null when removed.' })
  message!: ChatMessageType | null;
}

@ObjectType()
export class ChatTypingEvent {
  @Field(() => ID) conversationId!: string;
  @Field(() => ID) userId!: string;
  @Field(() => String) displayName!: string;
  @Field(() => Boolean) typing!: boolean;
}

@ObjectType({
  description: "The viewer's unread count of one conversation changed, with the space's totals.",
})
export class ChatUnreadEvent {
  @Field(() => ID) conversationId!: string;
  @Field(() => Int) totalNewMessages!: number;
  @Field(() => ChatTotals) totals!: ChatTotals;
}

@ObjectType({
  description: 'The viewer joined, was added to, or left a conversation, or it changed.',
})
export class ChatConversationEvent {
  @Field(() => ConversationChangeEnum) change!: ConversationChange;
  @Field(() => ID) conversationId!: string;
  @Field(() => ChatConversationType, { nullable: true, description: 'Null when removed.' })
  conversation!: ChatConversationType | null;
}

@InputType({
  description:
    'A direct chat (type p2p, receiverId), a group (type group; itemType and itemId tie it to a problem, recipe or map) or a channel (type public or private).',
})
export class CreateConversationInput {
  @Field(() => ConversationTypeEnum) type!: ConversationType;
  @Field(() => ID, { nullable: true }) spaceId?: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => [ID], { nullable: true }) memberIds?: string[];
  @Field(() => ID, { nullable: true }) receiverId?: string;
  @Field(() => String, { nullable: true }) itemType?: string;
  @Field(() => ID, { nullable: true }) itemId?: string;
}

@InputType()
export class ChatFileInput {
  @Field(() => String) url!: string;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String) type!: string;
  @Field(() => Int) size!: number;
}

@InputType({
  description:
    'A message. id: a UUID made by the client (a retry with the same id returns the stored message). Without conversationId, receiverId opens (or creates) the direct chat first.',
})
export class SendChatMessageInput {
  @Field(() => ID) id!: string;
  @Field(() => ID, { nullable: true }) conversationId?: string;
  @Field(() => ID, { nullable: true }) receiverId?: string;
  @Field(() => String, { nullable: true }) text?: string;
  @Field(() => [ChatFileInput], { nullable: true }) files?: ChatFileInput[];
  @Field(() => ID, { nullable: true }) replyToId?: string;
}
