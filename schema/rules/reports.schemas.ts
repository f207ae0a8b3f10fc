/** The zod validators of reports and moderation (topics, statuses and messages: reports.ts). */
import { z } from 'zod';
import {
  MODERATE_ITEM_ACTIONS,
  REPORT_COMMENTS_MAX,
  REPORT_MESSAGES,
  REPORT_STATUSES,
  REPORT_TOPICS,
  REPORTABLE_TYPES,
  USER_REPORT_REASONS,
} from './reports';
import { ID_MAX } from './limits';
import { dateInputSchema } from './time-range.schemas';

/**
 * A report: topics from REPORT_TOPICS (posts, comments) or USER_REPORT_REASONS (people), at least
 * one; comments up to REPORT_COMMENTS_MAX. Which list applies depends on `itemType`.
 */
export const reportInputSchema = z
  .object({
    itemType: z.enum(REPORTABLE_TYPES, { error: REPORT_MESSAGES.itemNotFound }),
    itemId: z
      .string({ error: REPORT_MESSAGES.itemNotFound })
      .min(1, REPORT_MESSAGES.itemNotFound)
      .max(ID_MAX, { message: REPORT_MESSAGES.itemNotFound, abort: true }),
    tags: z
      .array(z.string().max(ID_MAX, { message: REPORT_MESSAGES.topicRequired, abort: true }))
      .max(REPORT_TOPICS.length + USER_REPORT_REASONS.length, REPORT_MESSAGES.topicRequired)
      .default([]),
    comments: z
      .string()
      .trim()
      .max(REPORT_COMMENTS_MAX, { message: REPORT_MESSAGES.commentsTooLong, abort: true })
      .nullish()
      .transform((value) => value ?? ''),
  })
  .superRefine((report, issues) => {
    const allowed: readonly string[] =
      report.itemType === 'users' ? USER_REPORT_REASONS : REPORT_TOPICS;
    if (report.tags.length === 0 || report.tags.some((tag) => !allowed.includes(tag)))
      issues.addIssue({ code: 'custom', path: ['tags'], message: REPORT_MESSAGES.topicRequired });
  })
  .transform((report) => ({ ...report, tags: [...new Set(report.tags)] }));

export const reportStatusSchema = z.enum(REPORT_STATUSES);
export const moderateItemActionSchema = z.enum(MODERATE_ITEM_ACTIONS);

/** A suspension ends in the future. */
export const suspensionUntilSchema = dateInputSchema(REPORT_MESSAGES.untilInvalid).refine(
  (until) => until.getTime() > Date.now(),
  REPORT_MESSAGES.untilInvalid,
);
