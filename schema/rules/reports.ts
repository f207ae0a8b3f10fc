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
} as const;

export const REPORT_COMMENTS_MAX = 500;
