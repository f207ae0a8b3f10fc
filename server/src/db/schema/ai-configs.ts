import { AI_PROVIDERS } from '@rules';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './core';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

/**
 * A person's AI configurations: a provider, its API key and a model. The key is stored only
 * encrypted (AES-256-GCM under APP_SECRET, a fresh iv per key: modules/ai/key-cipher.ts) with its
 * last four characters in clear for the list. At most one per person is the default (a partial
 * unique index holds it); deleting the account deletes them all.
 */
export const aiConfigs = pgTable(
  'ai_configs',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    provider: text('provider', { enum: AI_PROVIDERS }).notNull(),
    model: text('model').notNull(),
    /** base64 of the ciphertext, its 12-byte iv and 16-byte GCM tag. */
    keyCipher: text('key_cipher').notNull(),
    keyIv: text('key_iv').notNull(),
    keyTag: text('key_tag').notNull(),
    keyLast4: text('key_last4').notNull(),
    /** The self-hosted (OpenAI-compatible) server's address; null for the hosted providers. */
    baseUrl: text('base_url'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('ai_configs_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('ai_configs_one_default')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);
