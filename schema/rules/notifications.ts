/**
 * Rules for notifications, shared by server and client. Messages a user may see live in
 * NOTIFICATION_MESSAGES and translate under `notifications:errors.<key>` in locales. The zod
 * validators live in notifications.schemas.ts, so a page that only reads a kind does not load zod.
 */

/** Why someone is told: each kind is made by one kind of event (000 §4, issue 10). */
export const NOTIFICATION_KINDS = [
  'comment', // a comment on my item
  'reply', // a reply to my comment
  'reaction', // a reaction on my item or comment
  'vote', // a vote on my solution
  'mention', // an @mention of me in a comment or post
  'invite', // an invitation to a private space
  'joinRequest', // someone asks to join my space
  'joinAnswer', // my request to join was accepted or declined
  'problemAlert', // a new problem in my space matches my problem alerts
  'follower', // someone followed me
  'statusChange', // a problem I joined changed status
  'watched', // new activity on an item I watch (commented on, joined)
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification is about, named as REST collections name them. */
export const NOTIFICATION_ITEM_TYPES = [
  'stories',
  'problems',
  'solutions',
  'skills',
  'comments',
  'spaces',
  'users',
] as const;
export type NotificationItemType = (typeof NOTIFICATION_ITEM_TYPES)[number];

/**
 * How closely someone follows an item: everything, mentions of them only, or nothing ('mute this
 * thread'). People watch what they posted, commented on or joined, at 'everything'.
 */
export const WATCH_LEVELS = ['everything', 'mentions', 'muted'] as const;
export type WatchLevel = (typeof WATCH_LEVELS)[number];

export const NOTIFICATION_MESSAGES = {
  notificationNotFound: 'Notification not found',
  pushKeyInvalid: 'Push subscription is invalid',
  watchLevelInvalid: 'Choose everything, mentions or muted',
} as const;

/**
 * The notification lists: everything; invitations, join requests and their answers; items in the
 * viewer's private spaces; items in one (the active) space.
 */
export const NOTIFICATION_FILTERS = ['all', 'invites', 'mySpaces', 'thisSpace'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** The kinds the `invites` list shows. */
export const INVITE_NOTIFICATION_KINDS = [
  'invite',
  'joinRequest',
  'joinAnswer',
] as const satisfies readonly NotificationKind[];
