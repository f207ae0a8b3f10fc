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
} from 'drizzle-orm/pg-core';
import { spaces } from './spaces';

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
    /** Others see the person offline with no last seen (chat presence); they still see others. */
    hidePresence: boolean('hide_presence').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

/**
 * lucia sessions; the id is a SHA-256 (hex) of the token the client holds (cookie value and Bearer
 * token alike), never the token itself.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Single-use links sent by e-mail; only a hash of the token is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_tokens_user_idx').on(table.userId, table.purpose)],
);

/** Attempts counted for rate limits; in the database so every server process sees the same count. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rate_limit_events_lookup_idx').on(table.bucket, table.key, table.createdAt)],
);
