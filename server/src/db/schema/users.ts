import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';
import { cascadeRef, createdAtColumn } from './columns';

export { users } from './core';

/**
 * lucia sessions; the id is a SHA-256 (hex) of the token the client holds (cookie value and Bearer
 * token alike), never the token itself. What the person sees of their sessions on
 * /settings/account is kept with each: the browser's User-Agent and the client address, as at
 * sign-in and then as last seen (written at most every few minutes, see auth/sessions.ts).
 * Sessions from before these columns have no device or address, and their upgrade time as
 * created and last seen.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The User-Agent header last seen with the session (cut to USER_AGENT_MAX characters). */
    userAgent: text('user_agent'),
    /** The client address last seen with the session (as rate limits see it, after TRUST_PROXY). */
    clientAddress: text('client_address'),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Single-use links sent by e-mail; only a hash of the token is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    purpose: text('purpose', { enum: ['verify', 'reset', 'email-change'] }).notNull(),
    /** An e-mail change's new address (lower-cased): the account's once the link is followed. */
    newEmail: text('new_email'),
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
