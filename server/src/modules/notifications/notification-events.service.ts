import { sql } from 'drizzle-orm';
import { RATE_LIMITS, openingWords, type ReactionKind } from '@rules';
import { admitted } from '../../auth/rate-limit';
import type { DbOrTx } from '../../db/client';
import {
  comments,
  notificationTags,
  problemParticipants,
  spaceParticipants,
  userSpaces,
  type problems,
} from '../../db/schema';
import type { PostType } from '../posts/post-path';
import type { EngageableItem, PostTarget } from '../posts/post.service';
import { postIdColumn } from '../posts/post.service';
import { activeMemberIn, spaceManagers } from '../spaces/space.policy';
import { notify, watch } from './notify.service';

/**
 * The notifications each kind of write makes, called by the writing services inside their
 * transactions. Each answers the event id to hand to deliverNotifications after commit.
 */

const SNIPPET_LENGTH = 140;

const snippetOf = (html: string) => openingWords(html, SNIPPET_LENGTH);

/** The author of a post, as a one-row select of recipients. */
const postAuthorOf = (post: { type: PostType; id: string }) => {
  const idColumn = postIdColumn(post.type);
  return sql`select author_id from ${idColumn.table} where ${idColumn} = ${post.id}`;
};

const oneUser = (userId: string) => sql`select ${userId}::text`;

/**
 * The people a comment's @mentions may still notify. One person's mentions of another notify
 * RATE_LIMITS.mentionNotify times an hour: later ones still show in the thread, but a flood of
 * comments naming someone rings their bell only that often (the comments themselves are limited
 * by RATE_LIMITS.commentCreate). People are taken in id order, so two comments lock alike.
 */
async function mentionsToNotify(tx: DbOrTx, actorId: string, mentions: readonly string[]) {
  const notified: string[] = [];
  for (const userId of [...new Set(mentions)].sort()) {
    if (userId === actorId) continue;
    const key = { key: `${actorId}:${userId}`, limit: RATE_LIMITS.mentionNotify };
    if (await admitted(tx, 'mention-notify', [key])) notified.push(userId);
  }
  return notified;
}

/**
 * A new comment or reply: people it @mentions (even if not watching, unless they muted the post),
 * the author of the comment it replies to, the post's author, and the post's watchers at
 * everything. Each hears once, by the first of these that applies. The commenter now watches.
 */
export async function notifyComment(
  tx: DbOrTx,
  post: PostTarget,
  comment: typeof comments.$inferSelect,
): Promise<string> {
  await watch(tx, comment.authorId, post);
  const onPost = { postType: post.type, postId: post.id };
  const data = { ...onPost, snippet: snippetOf(comment.commentHtml) };
  const thread = `${post.type}:${post.id}`;
  const mentioned = await mentionsToNotify(tx, comment.authorId, comment.mentions);
  return notify(tx, {
    actorId: comment.authorId,
    spaceId: post.spaceId,
    post,
    targets: [
      {
        kind: 'mention',
        groupKey: `mention:comments:${comment.id}`,
        itemType: 'comments',
        itemId: comment.id,
        recipients: sql`select unnest(${sql.param(mentioned, comments.mentions)}::text[])`,
        data,
      },
      ...(comment.parentId
        ? [
            {
              kind: 'reply' as const,
              groupKey: `reply:comments:${comment.parentId}`,
              itemType: 'comments' as const,
              itemId: comment.parentId,
              recipients: sql`select ${comments.authorId} from ${comments} where ${comments.id} = ${comment.parentId}`,
              data,
            },
          ]
        : []),
      {
        kind: 'comment',
        groupKey: `comment:${thread}`,
        itemType: post.type,
        itemId: post.id,
        recipients: postAuthorOf(post),
        data,
        silencedBy: ['mentions'],
      },
      {
        kind: 'watched',
        groupKey: `comment:${thread}`,
        itemType: post.type,
        itemId: post.id,
        recipients: sql`select user_id from item_watches where item_type = ${post.type}
          and item_id = ${post.id} and level = 'everything'`,
        data,
        silencedBy: ['mentions'],
      },
    ],
  });
}

/** A new reaction on a post or a comment: its author hears, unless they muted the post. */
export async function notifyReaction(
  tx: DbOrTx,
  actorId: string,
  item: EngageableItem,
  reaction: ReactionKind,
): Promise<string> {
  const onComment = item.type === 'comments';
  return notify(tx, {
    actorId,
    spaceId: item.post.spaceId,
    post: item.post,
    targets: [
      {
        kind: 'reaction',
        groupKey: `reaction:${item.type}:${item.id}`,
        itemType: item.type,
        itemId: item.id,
        recipients: oneUser(onComment ? item.comment.authorId : item.post.authorId),
        data: {
          reaction,
          ...(onComment
            ? {
                postType: item.post.type,
                postId: item.post.id,
                snippet: snippetOf(item.comment.commentHtml),
              }
            : {}),
        },
      },
    ],
  });
}

/** A new vote on a solution: its author hears, unless they muted it. */
export async function notifyVote(
  tx: DbOrTx,
  actorId: string,
  solution: { id: string; spaceId: string; authorId: string },
  direction: string,
): Promise<string> {
  const post = { type: 'solutions' as const, id: solution.id };
  return notify(tx, {
    actorId,
    spaceId: solution.spaceId,
    post,
    targets: [
      {
        kind: 'vote',
        groupKey: `vote:solutions:${solution.id}`,
        itemType: 'solutions',
        itemId: solution.id,
        recipients: oneUser(solution.authorId),
        data: { direction },
      },
    ],
  });
}

/** A new follower: one row per person, 'Ada and 3 others followed you'. */
export function notifyFollower(tx: DbOrTx, actorId: string, followeeId: string): Promise<string> {
  return notify(tx, {
    actorId,
    spaceId: null,
    targets: [
      {
        kind: 'follower',
        groupKey: 'follower',
        itemType: 'users',
        itemId: followeeId,
        recipients: oneUser(followeeId),
      },
    ],
  });
}

/** People just invited to a private space. */
export function notifyInvites(
  tx: DbOrTx,
  actorId: string,
  spaceId: string,
  userIds: string[],
): Promise<string> {
  return notify(tx, {
    actorId,
    spaceId,
    targets: [
      {
        kind: 'invite',
        groupKey: `invite:${spaceId}`,
        itemType: 'spaces',
        itemId: spaceId,
        recipients: sql`select unnest(${sql.param(userIds, comments.mentions)}::text[])`,
      },
    ],
  });
}

/** Someone asks to join a private space: its owners and admins hear. */
export function notifyJoinRequest(tx: DbOrTx, actorId: string, spaceId: string): Promise<string> {
  return notify(tx, {
    actorId,
    spaceId,
    targets: [
      {
        kind: 'joinRequest',
        groupKey: `joinRequest:${spaceId}`,
        itemType: 'spaces',
        itemId: spaceId,
        recipients: sql`select ${spaceParticipants.userId} from ${spaceParticipants}
          where ${spaceManagers(spaceId)}`,
      },
    ],
  });
}

/** A request to join was accepted or declined: the person who asked hears. */
export function notifyJoinAnswer(
  tx: DbOrTx,
  actorId: string,
  spaceId: string,
  userId: string,
  accepted: boolean,
): Promise<string> {
  return notify(tx, {
    actorId,
    spaceId,
    targets: [
      {
        kind: 'joinAnswer',
        groupKey: `joinAnswer:${spaceId}`,
        itemType: 'spaces',
        itemId: spaceId,
        recipients: oneUser(userId),
        data: { status: accepted ? 'accepted' : 'declined' },
      },
    ],
  });
}

type ProblemRow = typeof problems.$inferSelect;

/**
 * A problem became listed (published and approved): people whose problem alerts match one of its
 * tags and who belong to its space (a participant, or it is one of their spaces: visited,
 * favourite, switched on) hear, if they may see it. An anonymous problem names no actor. A
 * problem unpublished and published again alerts again only RATE_LIMITS.problemAlert times a day.
 */
export async function notifyProblemListed(tx: DbOrTx, problem: ProblemRow): Promise<string> {
  const post = { type: 'problems' as const, id: problem.id };
  const alerts = await admitted(tx, 'problem-alert', [
    { key: problem.id, limit: RATE_LIMITS.problemAlert },
  ]);
  return notify(tx, {
    actorId: problem.authorId,
    spaceId: problem.spaceId,
    post,
    targets: alerts
      ? [
          {
            kind: 'problemAlert',
            groupKey: `problemAlert:problems:${problem.id}`,
            itemType: 'problems',
            itemId: problem.id,
            recipients: sql`select alert.user_id from ${notificationTags} alert
          where alert.tag_id = any(${sql.param(problem.tags, comments.mentions)}::text[])
          and (exists (select 1 from ${userSpaces} mine where mine.user_id = alert.user_id
                 and mine.space_id = ${problem.spaceId})
               or exists (select 1 from ${spaceParticipants}
                 where ${spaceParticipants.userId} = alert.user_id
                 and ${activeMemberIn(problem.spaceId)}))`,
            data: { anonymous: problem.isAnonymousPost },
          },
        ]
      : [],
  });
}

/** A problem's status changed: the people who joined it hear (not the one who changed it). */
export function notifyStatusChange(
  tx: DbOrTx,
  actorId: string,
  problem: ProblemRow,
): Promise<string> {
  const post = { type: 'problems' as const, id: problem.id };
  return notify(tx, {
    actorId,
    spaceId: problem.spaceId,
    post,
    targets: [
      {
        kind: 'statusChange',
        groupKey: `statusChange:problems:${problem.id}`,
        itemType: 'problems',
        itemId: problem.id,
        recipients: sql`select ${problemParticipants.userId} from ${problemParticipants}
          where ${problemParticipants.problemId} = ${problem.id}`,
        data: {
          status: problem.status,
          anonymous: problem.isAnonymousPost && actorId === problem.authorId,
        },
      },
    ],
  });
}
