/** The zod validators of tags as people type them (limits, messages, normalizeTag: tags.ts). */
import { z } from 'zod';
import { STORY_SORTS, TAG_MAX, TAG_MESSAGES, TAG_SORTS, TAG_TEXT_MAX, normalizeTag } from './tags';

/** The order of a space's tags list; absent, most followed first. */
export const tagSortSchema = z
  .enum(TAG_SORTS, { error: TAG_MESSAGES.sortInvalid })
  .nullish()
  .transform((sort) => sort ?? 'followers');

/** The order of a stories list (absent: the list's default). */
export const storySortSchema = z.enum(STORY_SORTS, { error: TAG_MESSAGES.storySortInvalid });

/** Letters (with their marks), digits, '-' and '_', as a hashtag allows. */
const TAG_TEXT = /^[\p{L}\p{M}\p{N}_-]+$/u;

/**
 * One tag typed by a person: non-blank and free of '#' once its leading '#' is removed. Text that
 * could not be a tag even with '#'s and spaces around it is refused before it is normalised.
 */
export const tagSchema = z
  .string({ error: TAG_MESSAGES.tagInvalid })
  .max(TAG_TEXT_MAX, { message: TAG_MESSAGES.tagInvalid, abort: true })
  .transform(normalizeTag)
  .refine(
    (tag) => tag.length > 0 && tag.length <= TAG_MAX && TAG_TEXT.test(tag),
    TAG_MESSAGES.tagInvalid,
  );

/** A list of tags, normalised and de-duplicated in order, at most `max` (`message` beyond). */
export const tagListSchema = (max: number, message: string) =>
  z
    .array(tagSchema, { error: TAG_MESSAGES.tagInvalid })
    .transform((tags) => [...new Set(tags)])
    .refine((tags) => tags.length <= max, message);
