import { and, eq, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { comments } from '../../db/schema';
import { notFound } from '../../errors';
import { isCommentShownTo } from '../comments/comment.policy';
import { problemKind } from '../problems/problem.post-kind';
import { skillKind } from '../skills/skill.post-kind';
import { solutionKind } from '../solutions/solution.post-kind';
import { storyKind } from '../stories/story.post-kind';
import type { PostKind, PostTable } from './post-kind';
import { type ItemRef, type PostType } from './post-path';
import { postPolicy } from './post.policy';

/** What engagement needs of a post, whatever its kind. */
export interface PostTarget {
  type: PostType;
  id: string;
  spaceId: string;
  authorId: string;
  isAnonymousPost: boolean;
}

/** Every post kind, by the name its REST collection and engagement rows give it. */
const POST_KINDS: Record<PostType, Pick<PostKind<PostTable>, 'table' | 'readableBy'>> = {
  stories: storyKind,
  problems: problemKind,
  solutions: solutionKind,
  skills: skillKind,
};

/** The SQL rule "this viewer may engage with posts of `type`": readable and published. */
export const postEngageableBy = (type: PostType, viewer: Viewer | null): SQL =>
  and(POST_KINDS[type].readableBy(viewer), postPolicy(POST_KINDS[type].table).published())!;

/** The id column of a post kind's table, for joins from engagement rows (`item_id`). */
export const postIdColumn = (type: PostType) => POST_KINDS[type].table.id;

/**
 * The post people may comment on, react to or bookmark: one the viewer can read, published (not a
 * draft, not an anonymous post waiting for approval). Anything else, including a post in a
 * private space the viewer is not in, is NOT_FOUND: the same answer as an id that never existed.
 */
export async function engageablePost(
  ctx: Context,
  type: PostType,
  id: string,
  db: DbOrTx = ctx.db,
): Promise<PostTarget> {
  const { table } = POST_KINDS[type];
  const [row] = await db
    .select({
      id: table.id,
      spaceId: table.spaceId,
      authorId: table.authorId,
      isAnonymousPost: table.isAnonymousPost,
    })
    .from(table as PostTable)
    .where(and(eq(table.id, id), postEngageableBy(type, ctx.viewer)));
  if (!row) throw notFound();
  return { type, ...row };
}

export type CommentRow = typeof comments.$inferSelect;

/** An item an engagement row names: a post, or a comment together with the post it is on. */
export type EngageableItem =
  | { type: PostType; id: string; post: PostTarget }
  | { type: 'comments'; id: string; post: PostTarget; comment: CommentRow };

/** A comment whose post the viewer may engage with; NOT_FOUND otherwise. */
export async function engageableComment(
  ctx: Context,
  id: string,
  db: DbOrTx = ctx.db,
): Promise<{ comment: CommentRow; post: PostTarget }> {
  const [comment] = await db.select().from(comments).where(eq(comments.id, id));
  if (!comment || !isCommentShownTo(ctx.viewer?.id ?? null, comment)) throw notFound();
  const post = await engageablePost(ctx, comment.itemType, comment.itemId, db);
  return { comment, post };
}

/** The item `ref` names, if the viewer may engage with it. */
export async function engageableItem(
  ctx: Context,
  ref: ItemRef,
  db: DbOrTx = ctx.db,
): Promise<EngageableItem> {
  if (ref.type === 'comments') {
    const { comment, post } = await engageableComment(ctx, ref.id, db);
    return { type: 'comments', id: comment.id, post, comment };
  }
  return { type: ref.type, id: ref.id, post: await engageablePost(ctx, ref.type, ref.id, db) };
}
