/** The zod validators of comments and replies and the check built on them (limits: comments.ts). */
import { z } from 'zod';
import {
  COMMENT_HTML_MAX,
  COMMENT_MENTIONS_MAX,
  COMMENT_MESSAGES,
  COMMENT_SORTS,
  COMMENT_TEXT_MAX,
} from './comments';
import { ID_MAX } from './limits';
import { MESSAGES } from './messages';

export const commentHtmlSchema = z
  .string({ error: COMMENT_MESSAGES.commentEmpty })
  .max(COMMENT_HTML_MAX, { message: COMMENT_MESSAGES.commentMax, abort: true });

/** A comment's plain text (see htmlToPlainText): not empty or whitespace, at most the maximum. */
export const commentTextSchema = z
  .string()
  .trim()
  .min(1, COMMENT_MESSAGES.commentEmpty)
  .max(COMMENT_TEXT_MAX, { message: COMMENT_MESSAGES.commentMax, abort: true });

/** Whether the editor's text may be sent (the Comment and Reply buttons). */
export const isCommentSendable = (plainText: string) =>
  commentTextSchema.safeParse(plainText).success;

export const commentMentionsSchema = z
  .array(z.string().max(ID_MAX, { message: MESSAGES.invalidValue, abort: true }))
  .max(COMMENT_MENTIONS_MAX, COMMENT_MESSAGES.mentionsMax);

/** The order of a comment thread (absent: the newest first). */
export const commentSortSchema = z.enum(COMMENT_SORTS, { error: COMMENT_MESSAGES.sortInvalid });
