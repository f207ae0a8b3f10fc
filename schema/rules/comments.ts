/**
 * Rules for comments and replies, shared by server and client. Messages a user may see live in
 * COMMENT_MESSAGES and translate under `comments:errors.<key>`. The spec says only "submit disabled
 * while empty or whitespace"; the maximum is chosen here: a long answer fits, a paste accident not.
 * The zod validators live in comments.schemas.ts, so reading a limit does not load zod.
 */
/** The post kinds that hold a comment thread (named as their REST collections). */
export const COMMENTABLE_TYPES = ['stories', 'problems', 'solutions', 'skills'] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];

export const COMMENT_TEXT_MAX = 5_000;
/** The raw HTML before sanitising (a bound on what the server will even read). */
export const COMMENT_HTML_MAX = 50_000;
/** How many people one comment may @mention. */
export const COMMENT_MENTIONS_MAX = 20;
export const COMMENT_SORTS = ['recent', 'top'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

export const COMMENT_MESSAGES = {
  commentEmpty: 'Comment cannot be empty',
  commentMax: `A comment can be at most ${COMMENT_TEXT_MAX} characters`,
  mentionsMax: `Mention at most ${COMMENT_MENTIONS_MAX} people`,
  sortInvalid: `orderBy must be one of ${COMMENT_SORTS.join(', ')}`,
} as const;

/**
 * Ids of the people a comment @mentions: the editor writes each as
 * `<span data-type="mention" data-id="…">`, which the sanitiser keeps. De-duplicated, in order.
 */
export function mentionIdsOf(html: string): string[] {
  const ids = new Set<string>();
  for (const [tag] of html.matchAll(/<span\b[^>]*>/giu)) {
    if (!/\bdata-type="mention"/u.test(tag)) continue;
    const id = /\bdata-id="([^"]+)"/u.exec(tag)?.[1];
    if (id) ids.add(id);
  }
  return [...ids];
}
