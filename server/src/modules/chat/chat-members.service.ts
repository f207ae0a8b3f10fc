import { and, asc, eq, inArray, like, ne, notExists, sql, type SQL } from 'drizzle-orm';
import {
  CHAT_LIST_MAX,
  CHAT_MESSAGES,
  CHAT_PICKER_ALL_MAX,
  CHAT_PICKER_SEARCH_MAX,
  addMembersSchema,
  pickableUsersSchema,
} from '@rules';
import { limitedWriteFor } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { chatConversations, chatMembers, chatMessages, users } from '../../db/schema';
import { AppError, parseInput } from '../../errors';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import { escapeLike } from '../../db/like';
import { requireViewer, requireWriter } from '../../auth/guards';
import {
  getConversation,
  requireReadableConversation,
  requireReadableSpace,
  type ConversationView,
  type ReadableConversation,
} from './chat-access.service';
import { CHAT_LIMITS_BUCKET, addedKeys } from './chat-limits.service';
import { userReadsSpace } from './chat.policy';

export async function newestSeqOf(db: DbOrTx, conversationId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)`.mapWith(Number) })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
  return row?.seq ?? 0;
}

/** The conversations a person has member rows in (live subscriptions keep this set in memory). */
export async function memberConversationIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: chatMembers.conversationId })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * Tells every process that a conversation's members changed (after the change committed), so live
 * subscriptions reload what they keep about it.
 */
export function announceMembers(
  ctx: Pick<Context, 'pubsub'>,
  conversationId: string,
  userIds: readonly string[],
  options: { deleted?: boolean } = {},
) {
  ctx.pubsub.publish('chatMembers', {
    conversationId,
    userIds: [...new Set(userIds)],
    ...(options.deleted && { deleted: true }),
  });
}

/** Everyone added to a conversation of this space must read the space: otherwise 'No users found'. */
export async function requireAddable(
  db: DbOrTx,
  space: { id: string; isPrivate: boolean },
  userIds: readonly string[],
) {
  const wanted = new Set(userIds);
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...wanted]), userReadsSpace(space)));
  if (found.length !== wanted.size)
    throw new AppError('BAD_USER_INPUT', CHAT_MESSAGES.userNotFound, { field: 'userIds' });
}

const spaceOf = (conversation: ReadableConversation) => ({
  id: conversation.spaceId ?? '',
  isPrivate: conversation.spaceIsPrivate,
});

/**
 * A member of a group or channel adds people who read its space; people already in it stay as
 * they are. Direct chats and space chats take nobody (cannotAddMembers). Each person added counts
 * against the adder's limits (chat-limits); people already in it count nothing.
 */
export async function addChatMembers(
  ctx: Context,
  input: { conversationId: unknown; userIds: unknown },
): Promise<ConversationView> {
  const viewer = requireWriter(ctx);
  const { conversationId, userIds } = parseInput(addMembersSchema, input);
  const conversation = await requireReadableConversation(ctx, viewer, conversationId);
  if (conversation.type === 'p2p' || conversation.type === 'space')
    throw new AppError('FORBIDDEN', CHAT_MESSAGES.cannotAddMembers);
  const already = await ctx.db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(eq(chatMembers.conversationId, conversation.id), inArray(chatMembers.userId, userIds)),
    );
  const fresh = [...new Set(userIds)].filter((id) => !already.some((row) => row.userId === id));
  const limits = addedKeys(viewer.id, fresh);
  const added = await limitedWriteFor(ctx.db, CHAT_LIMITS_BUCKET, limits, async (tx) => {
    await requireAddable(tx, spaceOf(conversation), userIds);
    const lastReadSeq = await newestSeqOf(tx, conversation.id);
    return tx
      .insert(chatMembers)
      .values([...new Set(userIds)].map((userId) => ({ conversationId, userId, lastReadSeq })))
      .onConflictDoNothing()
      .returning({ userId: chatMembers.userId });
  });
  if (added.length)
    announceMembers(
      ctx,
      conversation.id,
      added.map((row) => row.userId),
    );
  return getConversation(ctx, conversation.id);
}

export type ChatMemberRow = AuthorRow & { isAuthor: boolean };

/** People by name, whatever its case. */
const byName = [asc(sql`lower(${users.displayName})`), asc(users.id)];

/**
 * The people of a conversation, by name: its member rows; for a space chat, a private space's
 * active participants, or in a public space whoever has opened it (everyone may read it).
 */
export async function listMembers(ctx: Context, conversationId: string): Promise<ChatMemberRow[]> {
  const viewer = requireViewer(ctx);
  const conversation = await requireReadableConversation(ctx, viewer, conversationId);
  const people =
    conversation.type === 'space' && conversation.spaceIsPrivate
      ? userReadsSpace(spaceOf(conversation))
      : sql`exists (select 1 from ${chatMembers} where ${and(
          eq(chatMembers.conversationId, conversation.id),
          eq(chatMembers.userId, users.id),
        )})`;
  const rows = await ctx.db
    .select(AUTHOR_COLUMNS)
    .from(users)
    .where(people)
    .orderBy(...byName)
    .limit(CHAT_LIST_MAX);
  return rows.map((row) => ({ ...row, isAuthor: row.id === conversation.authorId }));
}

/** How many people `listMembers` lists, for many conversations at once (totalMembers). */
export async function memberCounts(
  db: DbOrTx,
  conversations: readonly ReadableConversation[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const privateSpaceChats = conversations.filter(
    (conversation) => conversation.type === 'space' && conversation.spaceIsPrivate,
  );
  const withRows = conversations.filter(
    (conversation) => !privateSpaceChats.includes(conversation),
  );
  if (withRows.length) {
    const rows = await db
      .select({ id: chatMembers.conversationId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(chatMembers)
      .where(
        inArray(
          chatMembers.conversationId,
          withRows.map((conversation) => conversation.id),
        ),
      )
      .groupBy(chatMembers.conversationId);
    for (const row of rows) counts.set(row.id, row.count);
  }
  for (const conversation of privateSpaceChats) {
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(userReadsSpace(spaceOf(conversation)));
    counts.set(conversation.id, row?.count ?? 0);
  }
  return counts;
}

/**
 * People to add (000 §5): with a conversation, those not in it yet; without (a new direct chat),
 * everyone but the viewer and the people they already have a direct chat with. Only people who
 * read the space (a private space's active participants). The search is trimmed and lower-cased;
 * empty gives everyone up to 100 by name, a search at most 10.
 */
export async function listPickableUsers(
  ctx: Context,
  input: { spaceId: unknown; conversationId?: unknown; search?: unknown },
): Promise<ChatMemberRow[]> {
  const viewer = requireViewer(ctx);
  const { spaceId, conversationId, search } = parseInput(pickableUsersSchema, input);
  const space = await requireReadableSpace(ctx, viewer, spaceId);
  let excluded: SQL;
  if (conversationId) {
    const conversation = await requireReadableConversation(ctx, viewer, conversationId);
    excluded = notExists(
      ctx.db
        .select({ one: sql`1` })
        .from(chatMembers)
        .where(
          and(eq(chatMembers.conversationId, conversation.id), eq(chatMembers.userId, users.id)),
        ),
    );
  } else {
    const partners = ctx.db
      .select({ one: sql`1` })
      .from(chatMembers)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMembers.conversationId))
      .where(
        and(
          eq(chatConversations.type, 'p2p'),
          eq(chatMembers.userId, users.id),
          sql`exists (select 1 from ${chatMembers} as mine where mine.conversation_id = ${chatConversations.id} and mine.user_id = ${viewer.id})`,
        ),
      );
    excluded = and(ne(users.id, viewer.id), notExists(partners))!;
  }
  const rows = await ctx.db
    .select(AUTHOR_COLUMNS)
    .from(users)
    .where(
      and(
        eq(users.emailVerified, true),
        userReadsSpace(space),
        excluded,
        search ? like(sql`lower(${users.displayName})`, `%${escapeLike(search)}%`) : undefined,
      ),
    )
    .orderBy(...byName)
    .limit(search ? CHAT_PICKER_SEARCH_MAX : CHAT_PICKER_ALL_MAX);
  return rows.map((row) => ({ ...row, isAuthor: false }));
}
