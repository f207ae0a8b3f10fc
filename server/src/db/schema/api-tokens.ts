import { API_SCOPES } from '@rules';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core';
import { cascadeRef } from './columns';

/**
 * Personal access tokens: an app or script calling the API as their person, within their scopes.
 * Only a SHA-256 (hex) of the token is stored, as with sessions; revoking deletes the row, and
 * deleting the account deletes them all.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes', { enum: API_SCOPES }).array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Written at most once a minute per token, so calls do not each cost a write. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId, table.createdAt)],
);
