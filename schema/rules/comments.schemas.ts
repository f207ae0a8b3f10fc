/** The zod validators of comments and replies and the check built on them (limits: comments.ts). */
import { z } from 'zod';
import {
  COMMENT_HTML_MAX,
  COMMENT_MENTIONS_MAX,
  COMMENT_MESSAGES,
  COMMENT_TEXT_MAX,
} from './comments';

export const commentHtmlSchema = z
  .string({ error: COMMENT_MESSAGES.commentEmpty })
  .max(COMMENT_HTML_MAX, COMMENT_MESSAGES.commentMax);

/** A comment's plain text (see htmlToPlainText): not empty or whitespace, at most the maximum. */
export const commentTextSchema = z
  .string()
  .trim()
  .min(1, COMMENT_MESSAGES.commentEmpty)
  .max(COMMENT_TEXT_MAX, COMMENT_MESSAGES.commentMax);

/** Whether the editor's text may be sent (the Comment and Reply buttons). */
export const isCommentSendable = (plainText: string) =>
  commentTextSchema.safeParse(plainText).success;

export const commentMentionsSchema = z
  .array(z.string())
  .max(COMMENT_MENTIONS_MAX, COMMENT_MESSAGES.mentionsMax);
