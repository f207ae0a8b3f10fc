import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { comments, spaces, users } from '../../db/schema';
import type { Topics } from '../../graphql/pubsub';
import { AUTHOR_COLUMNS } from '../users/user.rows';
import { follow } from '../../live/follow';
import type { LiveFeed } from '../../live/hub';
import type { PostType } from '../posts/post-path';
import { engageablePost } from '../posts/post.service';
import { commentChangeShownIn, commentChannelOf, type LiveCommentChange } from './comment.policy';
import { POST_COMMENT_COUNTERS } from './comment-counters';

/**
 * One statement per event and process: the space's privacy (what each subscriber's visibility is
 * judged by), the comment with its author unless removed, and the counts after the change.
 */
async function loadChange(
  db: Db,
  event: Topics['comments'][1],
  channelId: string,
): Promise<LiveCommentChange | null> {
  const [type, postId] = channelId.split('/') as [PostType, string];
  const post = POST_COMMENT_COUNTERS[type];
  const totalComments = sql<
    number | null
  >`(select ${post.totalComments} from ${post.table} where ${post.id} = ${postId})`;
  const parentTotalReplies = event.parentId
    ? sql<number>`(select parent.total_replies from ${comments} parent where parent.id = ${event.parentId})`
    : sql<null>`null`;
  const [row] = await db
    .select({
      space: { id: spaces.id, isPrivate: spaces.isPrivate },
      comment: getTableColumns(comments),
      author: AUTHOR_COLUMNS,
      totalComments,
      parentTotalReplies,
    })
    .from(spaces)
    .leftJoin(comments, eq(comments.id, event.commentId))
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(eq(spaces.id, event.spaceId));
  if (!row) return null;
  // Added or edited, then deleted before this event was read: the removal follows.
  if (event.change !== 'removed' && !row.comment) return null;
  return {
    change: event.change,
    commentId: event.commentId,
    parentId: event.parentId,
    comment:
      event.change === 'removed' || !row.comment ? null : { ...row.comment, author: row.author },
    totalComments: row.totalComments === null ? null : Number(row.totalComments),
    parentTotalReplies: row.parentTotalReplies === null ? null : Number(row.parentTotalReplies),
    space: row.space,
  };
}

const threadChanges: LiveFeed<'comments', LiveCommentChange> = {
  topic: 'comments',
  load: loadChange,
};

/**
 * Changes to a post's thread (comments and replies) as they happen. The post must be one the
 * viewer may engage with (NOT_FOUND at once otherwise); each change is then checked against the
 * viewer's access at that moment, in memory, so someone who leaves a private space stops hearing.
 */
export async function commentChangesOn(
  ctx: Context,
  itemType: PostType,
  itemId: string,
): Promise<AsyncIterableIterator<LiveCommentChange>> {
  const post = await engageablePost(ctx, itemType, itemId);
  return follow(ctx, threadChanges, commentChannelOf(post.type, post.id), (change, access) =>
    commentChangeShownIn(access, change),
  );
}
