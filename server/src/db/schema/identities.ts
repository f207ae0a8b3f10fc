import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './core';
import { cascadeRef, createdAtColumn } from './columns';

/**
 * Accounts at OpenID Connect providers that sign a person in: the provider's issuer and its
 * subject (the `iss` and `sub` of its ID tokens, which together name one account for good, unlike
 * an e-mail address). A row is written when the provider creates the person's account here, or
 * when a person with an existing account signs in with their password while a link is pending
 * (see modules/auth/oidc.service.ts). Deleting the account deletes its rows.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    userId: cascadeRef('user_id', () => users.id),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('user_identities_user_idx').on(table.userId),
  ],
);
