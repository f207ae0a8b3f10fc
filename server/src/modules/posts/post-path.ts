import { COMMENTABLE_TYPES, ITEM_PATH_MAX } from '@rules';
import { notFound } from '../../errors';

/** A post kind, named as its REST collection is. */
export type PostType = (typeof COMMENTABLE_TYPES)[number];

/** What comments, reactions and bookmarks attach to: a post, or a comment (reply) on one. */
export type ItemRef = { type: PostType; id: string } | { type: 'comments'; id: string };

const isPostType = (value: string | undefined): value is PostType =>
  (COMMENTABLE_TYPES as readonly string[]).includes(value ?? '');

/**
 * The item a REST body's `path` names, in every form the spec writes one:
 * `stories/{id}`, `problems/{id}`, `solutions/{id}`, `problems/{pid}/solutions/{sid}`,
 * `skills/{id}`, a comment `…/comments/{cid}` and a reply `…/comments/{cid}/replies/{rid}`.
 * Any other shape names nothing this server holds: NOT_FOUND, as for an unknown id.
 */
export function parseItemPath(path: unknown): ItemRef {
  if (typeof path !== 'string' || path.length > ITEM_PATH_MAX) throw notFound();
  const segments = path.split('/').filter(Boolean);
  const commentAt = segments.indexOf('comments');
  if (commentAt >= 0) {
    const after = segments.slice(commentAt + 1);
    const id = after.length === 1 ? after[0] : after[1] === 'replies' ? after[2] : undefined;
    if (!id || (after.length !== 1 && after.length !== 3)) throw notFound();
    return { type: 'comments', id };
  }
  const [type, id, nested, nestedId, ...rest] = segments;
  if (rest.length > 0 || !id || !isPostType(type)) throw notFound();
  if (nested === undefined) return { type, id };
  // `problems/{pid}/solutions/{sid}` is the solution, as it is shown under one of its problems.
  if (type === 'problems' && nested === 'solutions' && nestedId) {
    return { type: 'solutions', id: nestedId };
  }
  throw notFound();
}

/**
 * The post a comments path belongs to: `stories/{id}/comments` (a thread) or
 * `stories/{id}/comments/{cid}/replies` (a comment's replies), as REST names a thread.
 */
export function parseCommentsPath(path: unknown): {
  post: { type: PostType; id: string };
  parentId: string | null;
} {
  if (typeof path !== 'string' || path.length > ITEM_PATH_MAX) throw notFound();
  const segments = path.split('/').filter(Boolean);
  const at = segments.indexOf('comments');
  if (at < 0) throw notFound();
  const post = parseItemPath(segments.slice(0, at).join('/'));
  if (post.type === 'comments') throw notFound();
  const after = segments.slice(at + 1);
  if (after.length === 0) return { post, parentId: null };
  if (after.length === 2 && after[1] === 'replies') return { post, parentId: after[0]! };
  throw notFound();
}
