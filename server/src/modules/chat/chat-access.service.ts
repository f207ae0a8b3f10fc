import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CHAT_MESSAGES, pairKeyOf, spaceChatIdOf } from '@rules';
import { requireViewer } from '../../auth/guards';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMembers, chatMessages, spaces } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { spaceIsReadable, type SqlViewer } from '../spaces/space.policy';
import type { AuthorRow } from '../users/user.rows';
import { conversationReadableBy } from './chat.policy';

/**
 * What a viewer may open: a conversation they read (a space chat made on first use), named for
 * them, and the space whose chat it is. The conversation, member and unread services all start
 * here, so none of them needs another.
 */

export type ConversationRow = typeof chatConversations.$inferSelect;

/** A conversation with what its rules and its name need of its space. */
export type ReadableConversation = ConversationRow & {
  spaceIsPrivate: boolean;
  spaceName: string | null;
};

/**
 * A conversation as the viewer sees it: a direct chat's other person names it; lists also carry
 * the viewer's unread count (they sort by it).
 */
export type ConversationView = ReadableConversation & {
  partner: AuthorRow | null;
  unread?: number;
};

/** A conversation the viewer may not read is answered as one that does not exist. */
export const conversationNotFound = () => new AppError('NOT_FOUND', CHAT_MESSAGES.notMember);

export const READABLE_COLUMNS = {
  conversation: chatConversations,
  spaceIsPrivate: spaces.isPrivate,
  spaceName: spaces.name,
};

export const toReadable = (row: {
  conversation: ConversationRow;
  spaceIsPrivate: boolean | null;
  spaceName: string | null;
}): ReadableConversation => ({
  ...row.conversation,
  spaceIsPrivate: row.spaceIsPrivate ?? false,
  spaceName: row.spaceName,
});

const dbOf = (from: Context | DbOrTx): DbOrTx => ('db' in from ? from.db : from);

/**
 * The conversation if `viewer` may read (and post in) it (chat.policy); NOT_FOUND otherwise. With
 * the space's privacy, as live events judge it in memory.
 */
export async function requireReadableConversation(
  from: Context | DbOrTx,
  viewer: SqlViewer,
  conversationId: string,
): Promise<ReadableConversation> {
  const db = dbOf(from);
  const find = () =>
    db
      .select(READABLE_COLUMNS)
      .from(chatConversations)
      .leftJoin(spaces, eq(spaces.id, chatConversations.spaceId))
      .where(and(eq(chatConversations.id, conversationId), conversationReadableBy(viewer)));
  let [row] = await find();
  // A space chat's id is known before anyone opened it (spaceChatIdOf): make it on first use.
  if (!row && conversationId.startsWith(SPACE_CHAT_PREFIX)) {
    await ensureSpaceChat(db, conversationId.slice(SPACE_CHAT_PREFIX.length));
    [row] = await find();
  }
  if (!row) throw conversationNotFound();
  return toReadable(row);
}

const SPACE_CHAT_PREFIX = spaceChatIdOf('');

/**
 * The conversation a message row names: by its id, or, as the spec's direct-chat rows name it
 * (`/chat/conversations/{userId}/messages/{id}`), by the other person of the viewer's direct chat
 * with them. NOT_FOUND when it is neither (ids are random, so the two never meet).
 */
export async function requireNamedConversation(
  from: Context | DbOrTx,
  viewer: Viewer,
  ref: string,
): Promise<ReadableConversation> {
  const db = dbOf(from);
  const [direct] =
    ref === viewer.id
      ? []
      : await db
          .select({ id: chatConversations.id })
          .from(chatConversations)
          .where(eq(chatConversations.pairKey, pairKeyOf(viewer.id, ref)));
  return requireReadableConversation(db, viewer, direct?.id ?? ref);
}

/**
 * A space's default chat, made the first time anyone asks for it (once, however many ask); an id
 * naming no space makes nothing.
 */
export async function ensureSpaceChat(db: DbOrTx, spaceId: string): Promise<string> {
  const id = spaceChatIdOf(spaceId);
  await db.execute(
    sql`insert into ${chatConversations} (id, type, space_id) select ${id}, 'space', ${spaces.id} from ${spaces} where ${spaces.id} = ${spaceId} on conflict do nothing`,
  );
  return id;
}

/** The newest message's seq in a conversation (0 before the first): where a newcomer starts reading. */
const newestSeqSql = (conversationId: string): SQL =>
  sql`(select coalesce(max(${chatMessages.seq}), 0) from ${chatMessages} where ${chatMessages.conversationId} = ${conversationId})`;

/**
 * A person's row in a space chat, made when they first list or open it, starting at the newest
 * message: the space's history is not news to them.
 */
export async function ensureSpaceChatMember(db: DbOrTx, conversationId: string, userId: string) {
  await db
    .insert(chatMembers)
    .values({ conversationId, userId, lastReadSeq: newestSeqSql(conversationId) })
    .onConflictDoNothing();
}

/** Names the viewer's direct chats by their other person (one query for the lot). */
export async function withPartners(
  ctx: Context,
  conversations: ReadableConversation[],
): Promise<ConversationView[]> {
  const partners = await Promise.all(
    conversations.map((conversation) =>
      conversation.type === 'p2p' ? ctx.loaders.chatPartner.load(conversation.id) : null,
    ),
  );
  return conversations.map((conversation, index) => ({
    ...conversation,
    partner: partners[index] ?? null,
  }));
}

/** A readable conversation, named for the viewer; the space chat also starts the viewer's row. */
export async function getConversation(ctx: Context, id: string): Promise<ConversationView> {
  const viewer = requireViewer(ctx);
  const conversation = await requireReadableConversation(ctx, viewer, id);
  if (conversation.type === 'space') await ensureSpaceChatMember(ctx.db, id, viewer.id);
  const [view] = await withPartners(ctx, [conversation]);
  return view!;
}

/** The space if the viewer reads it (an outsider of a private space has no chat there). */
export async function readableSpace(ctx: Context, viewer: Viewer, spaceId: string) {
  const [space] = await ctx.db
    .select({ id: spaces.id, isPrivate: spaces.isPrivate })
    .from(spaces)
    .where(and(eq(spaces.id, spaceId), spaceIsReadable(viewer)));
  return space ?? null;
}

/** The space the viewer reads, or NOT_FOUND. */
export async function requireReadableSpace(ctx: Context, viewer: Viewer, spaceId: string) {
  const space = await readableSpace(ctx, viewer, spaceId);
  if (!space) throw notFound();
  return space;
}
