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
  @Field(() => ID, { description: "The person's user id." }) userId!: string;
  @Field(() => PresenceStateEnum, {
    description: 'Online or offline; offline for anyone whose status the viewer may not see.',
  })
  state!: PresenceState;
  @Field(() => Date, {
    nullable: true,
    description: 'When they last went offline; null if never seen, or if hidden from the viewer.',
  })
  lastSeen!: Date | null;
}

@ObjectType({ description: 'A person in a conversation or a people picker, with their presence.' })
export class ChatMember {
  @Field(() => ID, { description: "The person's user id." }) id!: string;
  @Field(() => String, { description: 'The name the person shows.' }) displayName!: string;
  @Field(() => String, { description: "The address of the person's photo; empty when none." })
  photoURL!: string;
  @Field(() => Boolean, { description: "The conversation's author (groups and channels)." })
  isAuthor!: boolean;
  @Field(() => ChatPresence, { description: 'Whether they are online, as the viewer may see it.' })
  presence!: ChatPresence;
}

@ObjectType({ description: 'An image sent with a chat message.' })
export class ChatFileType {
  @Field(() => String, { description: 'Served only to the conversation’s members.' }) url!: string;
  @Field(() => String, { description: 'The file name; may be empty.' }) name!: string;
  @Field(() => String, { description: 'The image type: image/jpeg or image/png.' }) type!: string;
  @Field(() => Int, { description: 'The size in bytes, at most 10 MB (10485760).' }) size!: number;
}

@ObjectType({ description: 'The emoji on a message, one per person, counted by emoji.' })
export class ChatReactionCount {
  @Field(() => String, { description: 'The emoji, one grapheme (👍, 👍🏽, 🇮🇳).' }) emoji!: string;
  @Field(() => Int, { description: 'How many people reacted with it.' }) count!: number;
  @Field(() => Boolean, { description: 'Whether the viewer is one of them.' })
  reactedByMe!: boolean;
}

@ObjectType({ description: 'The message a reply answers, as its quote shows it.' })
export class ChatQuote {
  @Field(() => ID, { description: "The replied message's id." }) id!: string;
  @Field(() => String, { description: 'Its text as plain text (no HTML).' }) text!: string;
  @Field(() => String, {
    description: "Its author's display name; empty once they deleted their account.",
  })
  authorName!: string;
  @Field(() => Boolean, { description: 'Whether it has images.' }) hasFiles!: boolean;
}

@ObjectType('ChatMessage', { description: 'A message of a conversation, as the viewer sees it.' })
export class ChatMessageType {
  @Field(() => ID, { description: 'Made by the sending client, so a retried send is stored once.' })
  id!: string;
  @Field(() => ID, { description: 'The conversation it was sent in.' }) conversationId!: string;
  @Field(() => String, {
    description:
      'Sanitised HTML, at most 5000 characters of text; may be empty when it has images.',
  })
  text!: string;
  @Field(() => [ChatFileType], { description: 'Its images, in the order sent (at most 5).' })
  files!: ChatFileType[];
  @Field(() => AuthorType, {
    nullable: true,
    description: 'Null once the author deleted their account.',
  })
  author!: AuthorType | null;
  @Field(() => String, {
    nullable: true,
    description: "'reply' for a reply (001 §7); null otherwise.",
  })
  type!: string | null;
  @Field(() => ChatQuote, {
    nullable: true,
    description: 'The replied message (selectedMessage); null when it was deleted or for no reply.',
  })
  replyTo!: ChatQuote | null;
  @Field(() => [ChatReactionCount], {
    description: 'Reactions by emoji, in the order each emoji was first given.',
  })
  reactions!: ChatReactionCount[];
  @Field(() => Date, { description: 'When it was sent.' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Set when edited (shown as edited).' })
  editedAt!: Date | null;
}

export const ChatMessagePage = pageOf(ChatMessageType, 'ChatMessage', null);
Field(() => Boolean, {
  description: 'Whether older messages remain (before the first).',
  deprecationReason: 'Use pageInfo { hasPreviousPage }.',
})(ChatMessagePage.prototype, 'hasMore');

@ObjectType('ChatConversation', {
  description: 'A direct chat, a group, a channel or the default chat of a space.',
})
export class ChatConversationType {
  @Field(() => ID, { description: "The conversation's id; a space chat's is space-{spaceId}." })
  id!: string;
  @Field(() => ConversationTypeEnum, { description: 'What kind of conversation it is.' })
  type!: ConversationType;
  @Field(() => String, {
    description: "The group's name; a direct chat's other person; a space chat's space name.",
  })
  name!: string;
  @Field(() => String, {
    nullable: true,
    description: "A group's or channel's description (at most 500 characters); null when none.",
  })
  description!: string | null;
  @Field(() => ID, { nullable: true, description: 'Null for direct chats.' }) spaceId!:
    string | null;
  @Field(() => AuthorType, {
    nullable: true,
    description: 'Who created it; null for space chats, and once the author deleted their account.',
  })
  author!: AuthorType | null;
  @Field(() => ChatItemTypeEnum, { nullable: true, description: 'What the group is tied to.' })
  itemType!: string | null;
  @Field(() => ID, { nullable: true, description: 'The problem (Go To Problem), recipe or map.' })
  itemId!: string | null;
  @Field(() => ChatMember, { nullable: true, description: "A direct chat's other person." })
  receivingAuthor!: ChatMember | null;
  @Field(() => String, {
    nullable: true,
    description: "The address of the conversation's picture; null when it has none.",
  })
  imageURL!: string | null;
  @Field(() => Int, { description: "The viewer's unread messages here." })
  totalNewMessages!: number;
  @Field(() => Int, { description: 'How many people chatMembers lists for it.' })
  totalMembers!: number;
  @Field(() => Boolean, {
    description: 'False for a public channel the viewer may join; space chats are always true.',
  })
  isMember!: boolean;
  @Field(() => ChatMessageType, {
    nullable: true,
    description: 'The newest message; null when it has none.',
  })
  lastMessage!: ChatMessageType | null;
  @Field(() => Date, {
    description:
      'When the newest message was sent (its creation time until then); lists sort by it.',
  })
  lastMessageAt!: Date;
  @Field(() => Date, { description: 'When the conversation was created.' }) createdAt!: Date;
}

@ObjectType({ description: "The viewer's unread totals for a space (userSpaceDoc.chat)." })
export class ChatTotals {
  @Field(() => Int, { description: 'Direct chats, groups and channels.' })
  totalNewMessages!: number;
  @Field(() => Int, { description: "The space's default chat." }) totalNewSpaceMessages!: number;
}

@ObjectType({ description: 'A message added, edited, removed or reacted to, as it arrives live.' })
export class ChatMessageEvent {
  @Field(() => ChatMessageChangeEnum, { description: 'What happened to the message.' })
  change!: ChatMessageChange;
  @Field(() => ID, { description: 'The conversation of the message.' }) conversationId!: string;
  @Field(() => ID, { description: "The message's id." }) messageId!: string;
  @Field(() => ChatMessageType, { nullable: true, description: 'Null when removed.' })
  message!: ChatMessageType | null;
}

@ObjectType({
  description:
    'Someone started or stopped typing; clients repeat typing every 3 s at most, so treat one older than 6 s as stopped.',
})
export class ChatTypingEvent {
  @Field(() => ID, { description: 'The conversation they are typing in.' })
  conversationId!: string;
  @Field(() => ID, { description: "The typist's user id." }) userId!: string;
  @Field(() => String, { description: "The typist's display name." }) displayName!: string;
  @Field(() => Boolean, { description: 'True when they started typing, false when they stopped.' })
  typing!: boolean;
}

@ObjectType({
  description: "The viewer's unread count of one conversation changed, with the space's totals.",
})
export class ChatUnreadEvent {
  @Field(() => ID, { description: 'The conversation whose count changed.' })
  conversationId!: string;
  @Field(() => Int, { description: "The viewer's unread messages in it now." })
  totalNewMessages!: number;
  @Field(() => ChatTotals, { description: "The space's unread totals now." }) totals!: ChatTotals;
}

@ObjectType({
  description: 'The viewer joined, was added to, or left a conversation, or it changed.',
})
export class ChatConversationEvent {
  @Field(() => ConversationChangeEnum, { description: 'What happened to the conversation.' })
  change!: ConversationChange;
  @Field(() => ID, { description: "The conversation's id." }) conversationId!: string;
  @Field(() => ChatConversationType, { nullable: true, description: 'Null when removed.' })
  conversation!: ChatConversationType | null;
}

@InputType({
  description:
    'A direct chat (type p2p, receiverId), a group (type group; itemType and itemId tie it to a problem, recipe or map) or a channel (type public or private).',
})
export class CreateConversationInput {
  @Field(() => ConversationTypeEnum, {
    description: 'p2p, group, public or private; a space chat cannot be created.',
  })
  type!: ConversationType;
  @Field(() => ID, {
    nullable: true,
    description: 'Groups and channels: the space they belong to (one the viewer reads).',
  })
  spaceId?: string;
  @Field(() => String, {
    nullable: true,
    description: 'Groups and channels: required, 3 to 60 characters after trimming.',
  })
  name?: string;
  @Field(() => String, {
    nullable: true,
    description: 'Groups and channels: at most 500 characters.',
  })
  description?: string;
  @Field(() => [ID], {
    nullable: true,
    description:
      'Groups and channels: people to add besides the creator (at most 100), who read the space.',
  })
  memberIds?: string[];
  @Field(() => ID, {
    nullable: true,
    description:
      "Direct chats (p2p): the other person, required; the pair's existing chat is returned if any.",
  })
  receiverId?: string;
  @Field(() => ChatItemTypeEnum, {
    nullable: true,
    description:
      'Groups: problem, recipe or spacemaps, with itemId; the item must be in the space.',
  })
  itemType?: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Groups: the id of the problem or map named by itemType.',
  })
  itemId?: string;
}

@InputType({ description: 'An image to attach, uploaded first to the conversation.' })
export class ChatFileInput {
  @Field(() => String, {
    description:
      "The url the upload returned (/uploads/chatgroups/{conversationId}/…); only the conversation's own images.",
  })
  url!: string;
  @Field(() => String, { nullable: true, description: 'The file name, at most 255 characters.' })
  name?: string;
  @Field(() => String, {
    description: 'image/jpeg or image/png; the stored type is used whatever is sent.',
  })
  type!: string;
  @Field(() => Int, {
    description: 'The size in bytes, at most 10 MB (10485760); the stored size is used.',
  })
  size!: number;
}

@InputType({
  description:
    'A message. id: a UUID made by the client (a retry with the same id returns the stored message). Without conversationId, receiverId opens (or creates) the direct chat first.',
})
export class SendChatMessageInput {
  @Field(() => ID, { description: 'A UUID made by the client; a retry reuses it.' }) id!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The conversation to post in; required unless receiverId is given.',
  })
  conversationId?: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The other person of a direct chat, used when conversationId is omitted.',
  })
  receiverId?: string;
  @Field(() => String, {
    nullable: true,
    description:
      "The editor's HTML, at most 5000 characters of text; may be empty when files are attached.",
  })
  text?: string;
  @Field(() => [ChatFileInput], {
    nullable: true,
    description: 'Images uploaded to this conversation, at most 5.',
  })
  files?: ChatFileInput[];
  @Field(() => ID, {
    nullable: true,
    description: 'The message this one replies to, in the same conversation.',
  })
  replyToId?: string;
}
