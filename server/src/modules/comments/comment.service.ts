import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  COMMENT_SORTS,
  RATE_LIMITS,
  commentHtmlSchema,
  commentMentionsSchema,
  commentTextSchema,
  htmlToPlainText,
  mentionIdsOf,
  postTagsSchema,
  COMMENTABLE_TYPES,
} from '@rules';
import { z } from 'zod';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { comments, problems, skills, solutions, stories, users } from '../../db/schema';
import { AUTHOR_COLUMNS } from '../../graphql/loaders';
import { forbidden, notFound, parseInput } from '../../errors';
import { sanitizeRichText } from '../../rich-text';
import { notifyComment } from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import type { PostType } from '../posts/post-path';
import type { StandingChange } from '../posts/post.policy';
import { engageableComment, engageablePost, type PostTarget } from '../posts/post.service';
import { requireWriter } from '../users/user.service';
import {
  canEditComment,
  commentChannelOf,
  commentShownTo,
  type CommentRow,
  type CommentWithAuthor,
} from './comment.policy';

/**
 * The post tables a thread's writes lock, and the comment counter of each.
 * Every write that adds or removes comments locks the post's row first: writes on one thread take
 * turns, so counters stay exact and two of them never lock comment rows in opposite orders.
 */
const POSTS = {
  stories: { table: stories, id: stories.id, totalComments: stories.totalComments },
  problems: { table: problems, id: problems.id, totalComments: problems.totalComments },
  solutions: { table: solutions, id: solutions.id, totalComments: solutions.totalComments },
  skills: { table: skills, id: skills.id, totalComments: skills.totalComments },
} as const;

const commentableType = z.enum(COMMENTABLE_TYPES);

const addSchema = z.object({
  itemType: commentableType,
  itemId: z.string().min(1),
  parentId: z.string().min(1).nullish(),
  commentHTML: commentHtmlSchema,
});

const updateSchema = z.object({ commentHTML: commentHtmlSchema });

/**
 * Sanitises first, so the rules judge exactly the text that will be stored and shown: not empty,
 * at most the maximum, hashtags by the posts' rule, @mentions from the editor's mention nodes.
 */
function cleanComment(html: string) {
  const clean = sanitizeRichText(html);
  const text = parseInput(commentTextSchema, htmlToPlainText(clean), 'commentHTML');
  return {
    html: clean,
    tags: parseInput(postTagsSchema, text, 'commentHTML'),
    mentions: parseInput(commentMentionsSchema, mentionIdsOf(clean), 'commentHTML'),
  };
}

/** The post's row, locked until the write commits; NOT_FOUND when it was deleted meanwhile. */
async function lockPost(tx: DbOrTx, post: PostTarget) {
  const { table, id } = POSTS[post.type];
  const [row] = await tx.select({ id }).from(table).where(eq(id, post.id)).for('update');
  if (!row) throw notFound();
}

async function stepCommentCount(tx: DbOrTx, post: PostTarget, step: number) {
  const { table, id, totalComments } = POSTS[post.type];
  await tx
    .update(table)
    .set({ totalComments: sql`${totalComments} + ${step}` })
    .where(eq(id, post.id));
}

const stepReplyCount = (tx: DbOrTx, commentId: string, step: number) =>
  tx
    .update(comments)
    .set({ totalReplies: sql`${comments.totalReplies} + ${step}` })
    .where(eq(comments.id, commentId));

/** Mentions of people who exist; an id the editor never offered is dropped, not stored. */
async function existingUserIds(tx: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  const existing = new Set(rows.map((row) => row.id));
  return ids.filter((id) => existing.has(id));
}

/**
 * The comment a reply goes under: a top-level comment of the same post. A reply to a reply goes
 * under that reply's comment, so threads stay one level deep as the screens show them.
 */
async function threadOf(tx: DbOrTx, post: PostTarget, parentId: string): Promise<string> {
  const [parent] = await tx
    .select({ id: comments.id, parentId: comments.parentId })
    .from(comments)
    .where(
      and(
        eq(comments.id, parentId),
        eq(comments.itemType, post.type),
        eq(comments.itemId, post.id),
      ),
    );
  if (!parent) throw notFound();
  return parent.parentId ?? parent.id;
}

function announce(ctx: Context, comment: CommentRow, change: 'added' | 'updated' | 'removed') {
  ctx.pubsub.publish('comments', commentChannelOf(comment.itemType, comment.itemId), {
    commentId: comment.id,
    change,
    parentId: comment.parentId,
    spaceId: comment.spaceId,
  });
}

/** A comment on a post, or a reply under one of its comments (`parentId`). */
export async function addComment(ctx: Context, input: unknown): Promise<CommentRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(addSchema, input);
  const text = cleanComment(data.commentHTML);
  let eventId: string | undefined;
  const comment = await limitedWrite(
    ctx.db,
    'comment-create',
    viewer.id,
    RATE_LIMITS.commentCreate,
    async (tx) => {
      const post = await engageablePost(ctx, data.itemType, data.itemId, tx);
      await lockPost(tx, post);
      const parentId = data.parentId ? await threadOf(tx, post, data.parentId) : null;
      const [row] = await tx
        .insert(comments)
        .values({
          id: randomUUID(),
          itemType: post.type,
          itemId: post.id,
          parentId,
          spaceId: post.spaceId,
          authorId: viewer.id,
          commentHtml: text.html,
          tags: text.tags,
          mentions: await existingUserIds(tx, text.mentions),
        })
        .returning();
      await stepCommentCount(tx, post, 1);
      if (parentId) await stepReplyCount(tx, parentId, 1);
      eventId = await notifyComment(tx, post, row!);
      return row!;
    },
  );
  announce(ctx, comment, 'added');
  deliverNotifications(ctx, eventId);
  return comment;
}

/** The comment, if the viewer may engage with its post (NOT_FOUND) and wrote it (FORBIDDEN). */
async function ownComment(ctx: Context, tx: DbOrTx, id: string) {
  const viewer = requireWriter(ctx);
  const found = await engageableComment(ctx, id, tx);
  if (!canEditComment(viewer, found.comment)) throw forbidden();
  return found;
}

export async function updateComment(ctx: Context, id: string, input: unknown): Promise<CommentRow> {
  requireWriter(ctx);
  const data = parseInput(updateSchema, input);
  const text = cleanComment(data.commentHTML);
  const comment = await ctx.db.transaction(async (tx) => {
    await ownComment(ctx, tx, id);
    const [row] = await tx
      .update(comments)
      .set({
        commentHtml: text.html,
        tags: text.tags,
        mentions: await existingUserIds(tx, text.mentions),
        updatedAt: new Date(),
      })
      .where(eq(comments.id, id))
      .returning();
    if (!row) throw notFound();
    return row;
  });
  announce(ctx, comment, 'updated');
  return comment;
}

/**
 * Deletes a comment with its replies (or one reply) and takes them out of the post's count and
 * the parent's reply count. Of parallel deletes of one comment, one deletes it; the others find
 * it gone (NOT_FOUND).
 */
export async function deleteComment(ctx: Context, id: string): Promise<void> {
  requireWriter(ctx);
  const comment = await ctx.db.transaction(async (tx) => {
    const { comment, post } = await ownComment(ctx, tx, id);
    await lockPost(tx, post);
    const removed = await tx
      .delete(comments)
      .where(or(eq(comments.id, id), eq(comments.parentId, id)))
      .returning({ id: comments.id });
    if (!removed.some((row) => row.id === id)) throw notFound();
    await stepCommentCount(tx, post, -removed.length);
    if (comment.parentId) await stepReplyCount(tx, comment.parentId, -1);
    return comment;
  });
  announce(ctx, comment, 'removed');
}

const listSchema = z.object({
  itemType: commentableType,
  itemId: z.string().min(1),
  orderBy: z.enum(COMMENT_SORTS).nullish(),
});

export interface CommentListInput {
  itemType: unknown;
  itemId: unknown;
  orderBy?: unknown;
  first?: number | null;
  after?: string | null;
}

const withAuthor = { ...getTableColumns(comments), author: AUTHOR_COLUMNS };

/**
 * A post's thread: its top-level comments, newest first (recent) or most reactions and replies
 * first (top), keyset paginated. Authors come in the same statement, so a page costs the same
 * two statements (the post's visibility, the page) whatever its size.
 */
export async function listComments(
  ctx: Context,
  input: CommentListInput,
): Promise<Page<CommentWithAuthor>> {
  const { itemType, itemId, orderBy } = parseInput(listSchema, {
    itemType: input.itemType,
    itemId: input.itemId,
    orderBy: input.orderBy,
  });
  const post = await engageablePost(ctx, itemType, itemId);
  const sort = orderBy ?? 'recent';
  const size = pageSize(input.first);
  const cursor = decodeCursor(input.after, sort === 'recent' ? 'date' : 'count');
  const column = sort === 'recent' ? comments.createdAt : comments.score;
  const rows = await ctx.db
    .select(withAuthor)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.itemType, post.type),
        eq(comments.itemId, post.id),
        isNull(comments.parentId),
        commentShownTo(ctx.viewer),
        afterCursor(column, comments.id, cursor),
      ),
    )
    .orderBy(desc(column), desc(comments.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({
    value: sort === 'recent' ? row.createdAt : (row.score ?? 0),
    id: row.id,
  }));
}

/**
 * A comment's replies, oldest first (a conversation reads down). `post`, when given (a REST
 * path names it), must be the comment's post: NOT_FOUND otherwise.
 */
export async function listReplies(
  ctx: Context,
  input: {
    commentId: string;
    post?: { type: PostType; id: string };
    first?: number | null;
    after?: string | null;
  },
): Promise<Page<CommentWithAuthor>> {
  const { comment } = await engageableComment(ctx, input.commentId);
  if (input.post && (input.post.type !== comment.itemType || input.post.id !== comment.itemId))
    throw notFound();
  const size = pageSize(input.first);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await ctx.db
    .select(withAuthor)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        eq(comments.parentId, comment.id),
        commentShownTo(ctx.viewer),
        afterCursor(comments.createdAt, comments.id, cursor, true),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
}

/** One comment the viewer may see (its post engageable); NOT_FOUND otherwise. */
export async function getComment(ctx: Context, id: string): Promise<CommentRow> {
  return (await engageableComment(ctx, id)).comment;
}

/** A post kind's table and comment counter column, for the live event. */
export const postCommentCounter = (type: PostType) => POSTS[type];

/**
 * A moderator hides or restores a comment (the moderation service checked who may), in the
 * caller's transaction. The post's row is locked first, as every thread write does; the post's
 * `totalComments` loses (or regains) the comment with its shown replies (a reply under a hidden
 * comment counts nowhere already), and the parent's `totalReplies` the reply. Live threads hear a
 * removal (or an addition), so open threads drop (or show) it. Null when the comment is gone.
 */
export async function changeCommentHidden(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  isHidden: boolean,
): Promise<StandingChange<CommentRow> | null> {
  const [found] = await tx.select().from(comments).where(eq(comments.id, id));
  if (!found) return null;
  const post = POSTS[found.itemType];
  await tx.select({ id: post.id }).from(post.table).where(eq(post.id, found.itemId)).for('update');
  const [before] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
  if (!before) return null;
  if (before.isHidden === isHidden) return { before, after: before, announce: () => undefined };
  const [after] = await tx
    .update(comments)
    .set({ isHidden })
    .where(eq(comments.id, id))
    .returning();
  const step = isHidden ? -1 : 1;
  let counted = 1;
  if (before.parentId) {
    await stepReplyCount(tx, before.parentId, step);
    const [parent] = await tx
      .select({ isHidden: comments.isHidden })
      .from(comments)
      .where(eq(comments.id, before.parentId));
    if (parent?.isHidden) counted = 0;
  } else {
    const [shown] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(comments)
      .where(and(eq(comments.parentId, id), eq(comments.isHidden, false)));
    counted += shown?.count ?? 0;
  }
  if (counted > 0)
    await tx
      .update(post.table)
      .set({ totalComments: sql`${post.totalComments} + ${step * counted}` })
      .where(eq(post.id, before.itemId));
  return {
    before,
    after: after!,
    announce: () => announce(ctx, after!, isHidden ? 'removed' : 'added'),
  };
}
