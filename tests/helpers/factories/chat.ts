import { randomUUID } from 'node:crypto';
import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Conversations and their members, built over GraphQL as people do it. */

export const CONVERSATION_FIELDS = `
  id type name description spaceId itemType itemId imageURL totalMembers isMember lastMessageAt createdAt
  author { id displayName }
  receivingAuthor { id displayName photoURL isAuthor presence { state } }
`;

export interface ConversationView {
  id: string;
  type: 'p2p' | 'group' | 'public' | 'private' | 'space';
  name: string;
  description: string | null;
  spaceId: string | null;
  itemType: string | null;
  itemId: string | null;
  imageURL: string | null;
  totalMembers: number;
  isMember: boolean;
  lastMessageAt: string;
  createdAt: string;
  author: { id: string; displayName: string } | null;
  receivingAuthor: ChatMemberView | null;
}

export interface ChatMemberView {
  id: string;
  displayName: string;
  photoURL: string;
  isAuthor: boolean;
  presence: { state: 'online' | 'offline' };
}

const MEMBER_FIELDS = 'id displayName photoURL isAuthor presence { state }';

export const CHAT_CONVERSATIONS = `query($spaceId: ID!, $sort: ChatSort) {
  chatConversations(spaceId: $spaceId, sort: $sort) { ${CONVERSATION_FIELDS} }
}`;
export const CHAT_CONVERSATION = `query($id: ID!) { chatConversation(id: $id) { ${CONVERSATION_FIELDS} } }`;
export const SPACE_CHAT = `query($spaceId: ID!) { spaceChat(spaceId: $spaceId) { ${CONVERSATION_FIELDS} } }`;
export const CHANNEL_DIRECTORY = `query($spaceId: ID!) { chatChannelDirectory(spaceId: $spaceId) { ${CONVERSATION_FIELDS} } }`;
export const CHAT_MEMBERS = `query($conversationId: ID!) { chatMembers(conversationId: $conversationId) { ${MEMBER_FIELDS} } }`;
export const PICKABLE_USERS = `query($spaceId: ID!, $conversationId: ID, $search: String) {
  chatPickableUsers(spaceId: $spaceId, conversationId: $conversationId, search: $search) { ${MEMBER_FIELDS} }
}`;
export const CREATE_CONVERSATION = `mutation($input: CreateConversationInput!) {
  createConversation(input: $input) { ${CONVERSATION_FIELDS} }
}`;
export const JOIN_CHANNEL = `mutation($conversationId: ID!) { joinChannel(conversationId: $conversationId) { ${CONVERSATION_FIELDS} } }`;
export const ADD_CHAT_MEMBERS = `mutation($conversationId: ID!, $userIds: [ID!]!) {
  addChatMembers(conversationId: $conversationId, userIds: $userIds) { ${CONVERSATION_FIELDS} }
}`;
export const LEAVE_CONVERSATION = `mutation($conversationId: ID!) { leaveConversation(conversationId: $conversationId) }`;
export const DELETE_CONVERSATION = `mutation($conversationId: ID!) { deleteConversation(conversationId: $conversationId) }`;

/** The direct chat of `user` and `receiver` (the existing one, or a new one). */
export async function openDirectChat(server: TestServer, user: TestUser, receiver: { id: string }) {
  const data = await gqlData<{ createConversation: ConversationView }>(
    server.url,
    CREATE_CONVERSATION,
    { input: { type: 'p2p', receiverId: receiver.id } },
    { token: user.token },
  );
  return data.createConversation;
}

export interface ChannelOptions {
  spaceId?: string;
  name?: string;
  description?: string;
  type?: 'public' | 'private' | 'group';
  members?: { id: string }[];
  itemType?: string;
  itemId?: string;
}

/** A channel (public unless told) or group created by `author`, with `members` added at once. */
export async function createChannel(
  server: TestServer,
  author: TestUser,
  options: ChannelOptions = {},
) {
  const data = await gqlData<{ createConversation: ConversationView }>(
    server.url,
    CREATE_CONVERSATION,
    {
      input: {
        type: options.type ?? 'public',
        spaceId: options.spaceId ?? 'ww',
        name: options.name ?? 'Well builders',
        description: options.description,
        memberIds: options.members?.map((member) => member.id),
        itemType: options.itemType,
        itemId: options.itemId,
      },
    },
    { token: author.token },
  );
  return data.createConversation;
}

/** The space's default chat as `user` opens it. */
export async function spaceChatOf(server: TestServer, user: TestUser, spaceId = 'ww') {
  const data = await gqlData<{ spaceChat: ConversationView }>(
    server.url,
    SPACE_CHAT,
    { spaceId },
    { token: user.token },
  );
  return data.spaceChat;
}

/** The drawer's list of `user`'s conversations in a space. */
export async function chatConversationsOf(
  server: TestServer,
  user: { token: string },
  spaceId = 'ww',
  sort?: 'alphabetical' | 'unread',
) {
  const data = await gqlData<{ chatConversations: ConversationView[] }>(
    server.url,
    CHAT_CONVERSATIONS,
    { spaceId, sort },
    { token: user.token },
  );
  return data.chatConversations;
}

export async function chatMembersOf(server: TestServer, user: TestUser, conversationId: string) {
  const data = await gqlData<{ chatMembers: ChatMemberView[] }>(
    server.url,
    CHAT_MEMBERS,
    { conversationId },
    { token: user.token },
  );
  return data.chatMembers;
}

export async function addChatMembers(
  server: TestServer,
  actor: TestUser,
  conversationId: string,
  people: { id: string }[],
) {
  const data = await gqlData<{ addChatMembers: ConversationView }>(
    server.url,
    ADD_CHAT_MEMBERS,
    { conversationId, userIds: people.map((person) => person.id) },
    { token: actor.token },
  );
  return data.addChatMembers;
}

/** `user` leaves the conversation; fails the test if refused. */
export const leaveConversation = (server: TestServer, user: TestUser, conversationId: string) =>
  gqlData(server.url, LEAVE_CONVERSATION, { conversationId }, { token: user.token });

/** `user` deletes the conversation (for everyone in it); fails the test if refused. */
export const deleteConversation = (server: TestServer, user: TestUser, conversationId: string) =>
  gqlData(server.url, DELETE_CONVERSATION, { conversationId }, { token: user.token });

export async function pickableUsers(
  server: TestServer,
  user: TestUser,
  variables: { spaceId?: string; conversationId?: string; search?: string } = {},
) {
  const data = await gqlData<{ chatPickableUsers: ChatMemberView[] }>(
    server.url,
    PICKABLE_USERS,
    { spaceId: 'ww', ...variables },
    { token: user.token },
  );
  return data.chatPickableUsers;
}

// Messages, reactions and unread counts (chat-messages tests).

export const MESSAGE_FIELDS = `
  id conversationId text type createdAt editedAt
  files { url name type size }
  author { id displayName }
  replyTo { id text authorName hasFiles }
  reactions { emoji count reactedByMe }
`;

export interface ChatMessageView {
  id: string;
  conversationId: string;
  text: string;
  type: string | null;
  createdAt: string;
  editedAt: string | null;
  files: { url: string; name: string; type: string; size: number }[];
  author: { id: string; displayName: string } | null;
  replyTo: { id: string; text: string; authorName: string; hasFiles: boolean } | null;
  reactions: { emoji: string; count: number; reactedByMe: boolean }[];
}

export interface ChatMessagePageView {
  items: ChatMessageView[];
  hasMore: boolean;
}

export const SEND_CHAT_MESSAGE = `mutation($input: SendChatMessageInput!) {
  sendChatMessage(input: $input) { ${MESSAGE_FIELDS} }
}`;
export const CHAT_HISTORY = `query($conversationId: ID!, $before: ID, $after: ID, $limit: Int) {
  chatMessages(conversationId: $conversationId, before: $before, after: $after, limit: $limit) {
    items { ${MESSAGE_FIELDS} } hasMore
  }
}`;
export const EDIT_CHAT_MESSAGE = `mutation($conversationId: ID!, $messageId: ID!, $text: String!) {
  editChatMessage(conversationId: $conversationId, messageId: $messageId, text: $text) { ${MESSAGE_FIELDS} }
}`;
export const DELETE_CHAT_MESSAGE = `mutation($conversationId: ID!, $messageId: ID!) {
  deleteChatMessage(conversationId: $conversationId, messageId: $messageId)
}`;
export const REACT_TO_CHAT_MESSAGE = `mutation($conversationId: ID!, $messageId: ID!, $emoji: String) {
  reactToChatMessage(conversationId: $conversationId, messageId: $messageId, emoji: $emoji) { ${MESSAGE_FIELDS} }
}`;
export const MARK_CONVERSATION_READ = `mutation($conversationId: ID!) {
  markConversationRead(conversationId: $conversationId) { id totalNewMessages }
}`;
export const SET_ACTIVE_CONVERSATION = `mutation($conversationId: ID) { setActiveConversation(conversationId: $conversationId) }`;
export const CHAT_TOTALS = `query($spaceId: ID!) { chatTotals(spaceId: $spaceId) { totalNewMessages totalNewSpaceMessages } }`;
export const CONVERSATION_UNREAD = `query($id: ID!) {
  chatConversation(id: $id) { id totalNewMessages lastMessage { id text } }
}`;

/** Where a message goes: a conversation, or (a direct chat's first message) a person. */
export type MessageTarget = { conversationId: string } | { receiverId: string };

/** A message `author` sends (text by default), with a fresh client-made id unless given. */
export async function sendMessage(
  server: TestServer,
  author: TestUser,
  target: MessageTarget,
  input: { id?: string; text?: string; files?: unknown[]; replyToId?: string } = {},
) {
  const data = await gqlData<{ sendChatMessage: ChatMessageView }>(
    server.url,
    SEND_CHAT_MESSAGE,
    { input: { id: randomUUID(), text: '<p>Hello</p>', ...target, ...input } },
    { token: author.token },
  );
  return data.sendChatMessage;
}

/** `count` messages by `author`, one after the other (their order is the conversation's). */
export async function sendMessages(
  server: TestServer,
  author: TestUser,
  conversationId: string,
  count: number,
) {
  const sent: ChatMessageView[] = [];
  for (let index = 1; index <= count; index++)
    sent.push(await sendMessage(server, author, { conversationId }, { text: `<p>#${index}</p>` }));
  return sent;
}

export async function chatHistory(
  server: TestServer,
  user: TestUser,
  conversationId: string,
  page: { before?: string; after?: string; limit?: number } = {},
) {
  const data = await gqlData<{ chatMessages: ChatMessagePageView }>(
    server.url,
    CHAT_HISTORY,
    { conversationId, ...page },
    { token: user.token },
  );
  return data.chatMessages;
}

/** `user`'s unread count in one conversation, as the drawer shows it. */
export async function unreadIn(server: TestServer, user: TestUser, conversationId: string) {
  const data = await gqlData<{ chatConversation: { totalNewMessages: number } }>(
    server.url,
    CONVERSATION_UNREAD,
    { id: conversationId },
    { token: user.token },
  );
  return data.chatConversation.totalNewMessages;
}

export async function chatTotalsOf(server: TestServer, user: TestUser, spaceId = 'ww') {
  const data = await gqlData<{
    chatTotals: { totalNewMessages: number; totalNewSpaceMessages: number };
  }>(server.url, CHAT_TOTALS, { spaceId }, { token: user.token });
  return data.chatTotals;
}

export async function markChatRead(server: TestServer, user: TestUser, conversationId: string) {
  await gqlData(server.url, MARK_CONVERSATION_READ, { conversationId }, { token: user.token });
}

export async function setActiveConversation(
  server: TestServer,
  user: TestUser,
  conversationId: string | null,
) {
  await gqlData(server.url, SET_ACTIVE_CONVERSATION, { conversationId }, { token: user.token });
}

// Presence (chat-presence tests).

export const CHAT_PRESENCE = `query($userIds: [ID!]!) { chatPresence(userIds: $userIds) { userId state lastSeen } }`;
export const PRESENCE_CHANGED = `subscription($userIds: [ID!]!) { presenceChanged(userIds: $userIds) { userId state lastSeen } }`;
export const SET_PRESENCE_HIDDEN = `mutation($hidden: Boolean!) { setPresenceHidden(hidden: $hidden) { id hidePresence } }`;

export interface PresenceView {
  userId: string;
  state: 'online' | 'offline';
  lastSeen: string | null;
}

/** `of`'s presence as `viewer` may see it. */
export async function chatPresenceOf(server: TestServer, viewer: TestUser, of: { id: string }) {
  const data = await gqlData<{ chatPresence: PresenceView[] }>(
    server.url,
    CHAT_PRESENCE,
    { userIds: [of.id] },
    { token: viewer.token },
  );
  return data.chatPresence[0]!;
}

/** `user` hides their presence (or shows it again) over GraphQL; answers `me.hidePresence`. */
export async function setPresenceHidden(server: TestServer, user: TestUser, hidden: boolean) {
  const data = await gqlData<{ setPresenceHidden: { hidePresence: boolean } }>(
    server.url,
    SET_PRESENCE_HIDDEN,
    { hidden },
    { token: user.token },
  );
  return data.setPresenceHidden.hidePresence;
}
