/**
 * Rules for reports and moderation, shared by server and client. Messages a user may see live in
 * REPORT_MESSAGES and translate under `reports:errors.<key>` in locales.
 */
import { z } from 'zod';

/** Topics for reporting a post or comment (001 §9). */
export const REPORT_TOPICS = [
  'guidelines',
  'sexual',
  'violent',
  'abusive',
  'harmful',
  'spam',
  'other',
] as const;
/** Reasons for reporting a person (001 §9). */
export const USER_REPORT_REASONS = [
  'guidelines',
  'risk',
  'fake',
  'hacked',
  'unauthorised',
  'deceased',
] as const;

/** What can be reported, named as REST collections name them. */
export const REPORTABLE_TYPES = [
  'stories',
  'problems',
  'solutions',
  'skills',
  'comments',
  'users',
] as const;
export type ReportableType = (typeof REPORTABLE_TYPES)[number];

/** A report's life; the spec leaves the values open, these are ours. */
export const REPORT_STATUSES = ['open', 'reviewing', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What moderators (and admins) do; each is recorded with who and when. */
export const MODERATION_ACTIONS = [
  'status', // the report's status changed (note holds the new status)
  'hide',
  'restore',
  'approve',
  'reject',
  'suspend',
  'unsuspend',
  'grantModerator',
  'revokeModerator',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const REPORT_MESSAGES = {
  topicRequired: 'select topic to report',
  itemNotFound: 'Item not found',
  commentsTooLong: 'Comments can be at most 500 characters',
  untilInvalid: 'Choose a time in the future',
  suspended: 'Your account is suspended until {{date}}',
  noSuchAccount: 'No account has this e-mail',
  commentsNotApproved: 'Only posts wait for approval',
  usersNotHidden: 'People are suspended, not hidden',
} as const;

export const REPORT_COMMENTS_MAX = 500;

/** How a moderator changes a post's or comment's standing (`moderateItem`). */
export const MODERATE_ITEM_ACTIONS = ['hide', 'restore', 'approve', 'reject'] as const;
export type ModerateItemAction = (typeof MODERATE_ITEM_ACTIONS)[number];

/**
 * A report: topics from REPORT_TOPICS (posts, comments) or USER_REPORT_REASONS (people), at least
 * one; comments up to REPORT_COMMENTS_MAX. Which list applies depends on `itemType`.
 */
export const reportInputSchema = z
  .object({
    itemType: z.enum(REPORTABLE_TYPES, { error: REPORT_MESSAGES.itemNotFound }),
    itemId: z.string({ error: REPORT_MESSAGES.itemNotFound }).min(1, REPORT_MESSAGES.itemNotFound),
    tags: z.array(z.string()).default([]),
    comments: z
      .string()
      .trim()
      .max(REPORT_COMMENTS_MAX, REPORT_MESSAGES.commentsTooLong)
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
export const suspensionUntilSchema = z.coerce
  .date({ error: REPORT_MESSAGES.untilInvalid })
  .refine((until) => until.getTime() > Date.now(), REPORT_MESSAGES.untilInvalid);
