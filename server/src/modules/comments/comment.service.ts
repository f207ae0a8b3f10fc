import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import {
  commentSortSchema,
  COMMENTABLE_TYPES,
  commentHtmlSchema,
  commentMentionsSchema,
  commentTextSchema,
  htmlToPlainText,
  idSchema,
  mentionIdsOf,
  postTagsSchema,
  RATE_LIMITS,
} from '@rules';
import { z } from 'zod';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { comments, users } from '../../db/schema';
import { AUTHOR_COLUMNS } from '../users/user.rows';
import { forbidden, notFound, parseInput } from '../../errors';
import { sanitizeRichText } from '../../rich-text';
import { notifyComment } from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import type { PostType } from '../posts/post-path';
import type { StandingChange } from '../posts/post.policy';
import { engageableComment, engageablePost, type PostTarget } from '../posts/post.service';
import { requireWriter } from '../../auth/guards';
import {
  canEditComment,
  commentChannelOf,
  commentShownTo,
  type CommentRow,
  type CommentWithAuthor,
} from './comment.policy';
import { lockThread, lockThreads, syncCommentCounters } from './comment-counters';

const commentableType = z.enum(COMMENTABLE_TYPES);

const addSchema = z.object({
  itemType: commentableType,
  itemId: idSchema,
  parentId: idSchema.nullish(),
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

/** Mentions of people who exist; an id the editor never offered is dropped, not stored. */
async function existingUserIds(tx: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  const existing = new Set(rows.map((row) => row.id));
  return ids.filter((id) => existing.has(id));
}

/**
 * The comment a reply goes under: a top-level comment of the same post that the viewer sees. A
 * reply to a reply goes under that reply's comment, so threads stay one level deep as the screens
 * show them.
 */
async function threadOf(
  ctx: Context,
  tx: DbOrTx,
  post: PostTarget,
  parentId: string,
): Promise<string> {
  const [parent] = await tx
    .select({ id: comments.id, parentId: comments.parentId })
    .from(comments)
    .where(
      and(
        eq(comments.id, parentId),
        eq(comments.itemType, post.type),
        eq(comments.itemId, post.id),
        commentShownTo(ctx.viewer),
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
      await lockThread(tx, post);
      const parentId = data.parentId ? await threadOf(ctx, tx, post, data.parentId) : null;
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
      await syncCommentCounters(tx, null, row!);
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
 * Deletes a comment with its replies (the foreign key takes them), or one reply, and takes what
 * showed of them out of the post's and the parent's counts: the row `delete … returning` gives
 * back is the comment as it was at that moment, hidden or not. Of parallel deletes of one
 * comment, one deletes it; the others find it gone (NOT_FOUND).
 */
export async function deleteComment(ctx: Context, id: string): Promise<void> {
  requireWriter(ctx);
  const comment = await ctx.db.transaction(async (tx) => {
    const { post } = await ownComment(ctx, tx, id);
    await lockThread(tx, post);
    const [removed] = await tx.delete(comments).where(eq(comments.id, id)).returning();
    if (!removed) throw notFound();
    await syncCommentCounters(tx, removed, null);
    return removed;
  });
  announce(ctx, comment, 'removed');
}

const listSchema = z.object({
  itemType: commentableType,
  itemId: idSchema,
  orderBy: commentSortSchema.nullish(),
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
  const size = pageSize(input.first, ctx.pageSizeMax);
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
  const size = pageSize(input.first, ctx.pageSizeMax);
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

/**
 * A moderator hides or restores a comment (the moderation service checked who may), in the
 * caller's transaction. The post's row is locked first, as every thread write does, and the
 * counters move by the difference between the row before and after (a reply under a hidden
 * comment counts nowhere already). Live threads hear a removal (or an addition), so open threads
 * drop (or show) it. Null when the comment is gone.
 */
export async function changeCommentHidden(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  isHidden: boolean,
): Promise<StandingChange<CommentRow> | null> {
  const [found] = await tx
    .select({ itemType: comments.itemType, itemId: comments.itemId })
    .from(comments)
    .where(eq(comments.id, id));
  if (!found) return null;
  await lockThreads(tx, found.itemType, [found.itemId]);
  const [before] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
  if (!before) return null;
  if (before.isHidden === isHidden) return { before, after: before, announce: () => undefined };
  const [after] = await tx
    .update(comments)
    .set({ isHidden })
    .where(eq(comments.id, id))
    .returning();
  await syncCommentCounters(tx, before, after!);
  return {
    before,
    after: after!,
    announce: () => announce(ctx, after!, isHidden ? 'removed' : 'added'),
  };
}
