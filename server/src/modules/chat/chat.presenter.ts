import type { AuthorRow } from '../users/user.rows';
import { authorView, type AuthorView } from '../users/user.service';
import type { ConversationView } from './chat-access.service';
import { conversationName } from './chat-conversations.service';
import type { ChatMemberRow } from './chat-members.service';

/**
 * A conversation's plain GraphQL fields; `source` carries the row for the field resolvers (author,
 * receivingAuthor, totalMembers, isMember, and S2's unread count and last message).
 */
export const presentConversation = (view: ConversationView) => ({
  id: view.id,
  type: view.type,
  name: conversationName(view),
  description: view.description,
  spaceId: view.spaceId,
  itemType: view.itemType,
  itemId: view.itemId,
  imageURL: view.imageUrl,
  lastMessageAt: view.lastMessageAt,
  createdAt: view.createdAt,
  source: view,
});
export type PresentedConversation = ReturnType<typeof presentConversation>;

/** A person in a conversation or a picker; presence is resolved on ChatMember by its own field. */
export const presentChatMember = (person: AuthorRow & { isAuthor?: boolean }) => ({
  id: person.id,
  displayName: person.displayName,
  photoURL: person.photoUrl ?? '',
  isAuthor: person.isAuthor ?? false,
});

export const presentChatMembers = (people: ChatMemberRow[]) => people.map(presentChatMember);

/**
 * The REST shape of a conversation (000 §3 chat group/conversation): the spec's field names,
 * `conversationId` and `problemId` beside `id` and `itemId` as its clients read them.
 */
export const presentConversationRest = (view: ConversationView, author: AuthorView | null) => ({
  id: view.id,
  conversationId: view.id,
  name: conversationName(view),
  description: view.description,
  type: view.type,
  spaceId: view.spaceId,
  itemType: view.itemType,
  itemId: view.itemId,
  problemId: view.itemType === 'problem' ? view.itemId : null,
  receiverId: view.partner?.id ?? null,
  receivingAuthor: view.partner ? presentChatMember(view.partner) : null,
  totalNewMessages: view.unread ?? 0,
  imageURL: view.imageUrl,
  author,
  createdAt: view.createdAt.toISOString(),
  when: view.lastMessageAt.toISOString(),
});

export const restAuthor = (author: AuthorRow | null) => (author ? authorView(author) : null);
