import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { comments, problems, skills, solutions, stories } from '../../db/schema';
import { notFound } from '../../errors';
import { isCommentShownTo } from '../comments/comment.policy';
import { problemReadableBy } from '../problems/problem.policy';
import { skillReadableBy } from '../skills/skill.policy';
import { solutionReadableBy } from '../solutions/solution.policy';
import { storyReadableBy } from '../stories/story.policy';
import type { ItemRef, PostType } from './post-path';
import { postPolicy } from './post.policy';

/** What engagement needs of a post, whatever its kind. */
export interface PostTarget {
  type: PostType;
  id: string;
  spaceId: string;
  authorId: string;
  isAnonymousPost: boolean;
}

interface PostTable {
  table: typeof stories | typeof problems | typeof solutions | typeof skills;
  id: AnyPgColumn;
  spaceId: AnyPgColumn;
  authorId: AnyPgColumn;
  isAnonymousPost: AnyPgColumn;
  /** Readable by id for this viewer (the kind's policy). */
  readable: (viewer: Viewer | null) => SQL;
  /** Published: not a draft, not waiting for approval (see postPolicy). */
  published: SQL;
}

const POST_TABLES: Record<PostType, PostTable> = {
  stories: {
    table: stories,
    id: stories.id,
    spaceId: stories.spaceId,
    authorId: stories.authorId,
    isAnonymousPost: stories.isAnonymousPost,
    readable: storyReadableBy,
    published: postPolicy(stories).published(),
  },
  problems: {
    table: problems,
    id: problems.id,
    spaceId: problems.spaceId,
    authorId: problems.authorId,
    isAnonymousPost: problems.isAnonymousPost,
    readable: problemReadableBy,
    published: postPolicy(problems).published(),
  },
  solutions: {
    table: solutions,
    id: solutions.id,
    spaceId: solutions.spaceId,
    authorId: solutions.authorId,
    isAnonymousPost: solutions.isAnonymousPost,
    readable: solutionReadableBy,
    published: postPolicy(solutions).published(),
  },
  skills: {
    table: skills,
    id: skills.id,
    spaceId: skills.spaceId,
    authorId: skills.authorId,
    isAnonymousPost: skills.isAnonymousPost,
    readable: skillReadableBy,
    published: postPolicy(skills).published(),
  },
};

/** The SQL rule "this viewer may engage with posts of `type`": readable and published. */
export const postEngageableBy = (type: PostType, viewer: Viewer | null): SQL =>
  and(POST_TABLES[type].readable(viewer), POST_TABLES[type].published)!;

/** The id column of a post kind's table, for joins from engagement rows (`item_id`). */
export const postIdColumn = (type: PostType) => POST_TABLES[type].id;

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
  const post = POST_TABLES[type];
  const [row] = await db
    .select({
      id: post.id,
      spaceId: post.spaceId,
      authorId: post.authorId,
      isAnonymousPost: post.isAnonymousPost,
    })
    .from(post.table)
    .where(and(eq(post.id, id), postEngageableBy(type, ctx.viewer)));
  if (!row) throw notFound();
  return {
    type,
    id: row.id as string,
    spaceId: row.spaceId as string,
    authorId: row.authorId as string,
    isAnonymousPost: row.isAnonymousPost as boolean,
  };
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
