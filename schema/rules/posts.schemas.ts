/** The zod validators of titled posts and the form checks built on them (limits: posts.ts). */
import { z } from 'zod';
import { scanHashtags, tooManyTags } from './hashtags';
import { htmlToPlainText } from './html-text';
import { MESSAGES } from './messages';
import {
  POST_DESCRIPTION_HTML_MAX,
  POST_DESCRIPTION_MAX,
  POST_DESCRIPTION_MIN,
  POST_MESSAGES,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
} from './posts';

/** An optional yes/no of a new post (isAnonymousPost, isDraft): no when absent. */
export const postFlagSchema = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/** A post title: trimmed; whitespace-only counts as empty. */
export const postTitleSchema = z
  .string({ error: POST_MESSAGES.titleMissing })
  .trim()
  .min(1, POST_MESSAGES.titleRequired)
  .min(POST_TITLE_MIN, POST_MESSAGES.titleMin)
  .max(POST_TITLE_MAX, { message: POST_MESSAGES.titleMax, abort: true });

/** The description's raw HTML before sanitising (a bound on what the server will even read). */
export const postDescriptionHtmlSchema = z
  .string({ error: POST_MESSAGES.descriptionMin })
  .max(POST_DESCRIPTION_HTML_MAX, { message: POST_MESSAGES.descriptionMax, abort: true });

/** The description's plain text (see htmlToPlainText): the editor's minimum and maximum. */
export const postDescriptionTextSchema = z
  .string({ error: POST_MESSAGES.descriptionMin })
  .trim()
  .min(POST_DESCRIPTION_MIN, POST_MESSAGES.descriptionMin)
  .max(POST_DESCRIPTION_MAX, { message: POST_MESSAGES.descriptionMax, abort: true });

/** The first rule a description's HTML breaks (as the server judges it), or null; for forms. */
export const postDescriptionIssue = (html: string): string | null => {
  const parsed = postDescriptionTextSchema.safeParse(htmlToPlainText(html));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? POST_MESSAGES.descriptionMin);
};

/** The first rule a title breaks, or null; for forms. */
export const postTitleIssue = (title: string): string | null => {
  const parsed = postTitleSchema.safeParse(title);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? POST_MESSAGES.titleRequired);
};

/**
 * Tags of a post from the hashtags of its title and description text. Optional for posts (unlike
 * stories), but a dotted hashtag and more than POST_TAGS_MAX tags are refused as for stories.
 * Its callers pass text their own rules bounded; the bound here keeps the scan bounded regardless.
 */
export const postTagsSchema = z
  .string()
  .max(POST_TITLE_MAX + 1 + POST_DESCRIPTION_MAX, { message: MESSAGES.invalidValue, abort: true })
  .transform((text, ctx) => {
    const { tags, hasDottedTag } = scanHashtags(text);
    if (hasDottedTag) ctx.addIssue({ code: 'custom', message: MESSAGES.hashtagDot });
    else if (tooManyTags(tags)) ctx.addIssue({ code: 'custom', message: MESSAGES.tagsMax });
    return tags;
  });
