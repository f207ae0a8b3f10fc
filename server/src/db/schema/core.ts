import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn } from './columns';

/**
 * The two tables every other one hangs from. They refer to each other (a person's default space,
 * a space's author), so they are declared in one file that users.ts and spaces.ts re-export:
 * neither of those imports the other.
 */

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Stored lower-cased (the sign-up rule lower-cases it); unique. */
    email: text('email').notNull(),
    hashedPassword: text('hashed_password').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: ['person', 'org'] }).notNull(),
    photoUrl: text('photo_url'),
    bio: text('bio'),
    appLang: text('app_lang').notNull().default('en'),
    /** Tags that describe the person (at most 10, without '#'). */
    profileTags: text('profile_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** People following this person, and people this person follows (user_follows rows). */
    totalFollowers: integer('total_followers').notNull().default(0),
    totalFollowing: integer('total_following').notNull().default(0),
    defaultSpaceId: text('default_space_id').references(() => spaces.id, { onDelete: 'set null' }),
    /** Moderators work the report queue; admins also grant and revoke moderator. */
    isModerator: boolean('is_moderator').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Until then the person can read but not write. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, precision: 3 }),
    /** Explainer cards hidden by route path ('don't show again'). */
    hideExplainers: jsonb('hide_explainers').$type<Record<string, boolean>>().notNull().default({}),
    /** Last request seen from the person: the daily digest goes to people away for a day. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 }),
    /** The digest e-mail setting (one-click unsubscribe turns it off). */
    digestEmails: boolean('digest_emails').notNull().default(true),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true, precision: 3 }),
    /**
     * When the person last went through their notifications (read all, or cleared them): the
     * spec's `lastScannedWhen`, so a client can tell what came since.
     */
    notificationsScannedAt: timestamp('notifications_scanned_at', {
      withTimezone: true,
      precision: 3,
    }),
    /** Others see the person offline with no last seen (chat presence); they still see others. */
    hidePresence: boolean('hide_presence').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

/**
 * Spaces hold every item. The global space ('ww'), one space per ISO country (id = lower-case
 * code) and the skills space are inserted by migrations; private spaces are created by users.
 */
export const spaces = pgTable(
  'spaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Country code for country spaces, 'ww' for the global one, null otherwise. */
    code: text('code'),
    kind: text('kind', { enum: ['global', 'country', 'private', 'skills'] })
      .notNull()
      .default('global'),
    isPrivate: boolean('is_private').notNull().default(false),
    /** The purpose of a private space. */
    description: text('description'),
    /** The space image (one image); uploads arrive with the media issue. */
    imageUrl: text('image_url'),
    authorId: text('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [index('spaces_kind_idx').on(table.kind, table.name)],
);
