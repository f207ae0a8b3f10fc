/**
 * Rules for reports and moderation, shared by server and client. Messages a user may see live in
 * REPORT_MESSAGES and translate under `reports:errors.<key>` in locales. The zod validators live
 * in reports.schemas.ts, so a page that only lists the topics does not load zod.
 */

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
