import { AI_IDENTIFY_KINDS } from '@rules';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { spaces, users } from './core';
import { problems } from './problems';
import { cascadeRef, createdAtColumn } from './columns';

/**
 * Tokens a person spent through the AI helpers, per config and calendar month (UTC, 'YYYY-MM').
 * The config id is kept without a reference: deleting a config must not forgive what it spent,
 * or the monthly cap could be reset by deleting and adding a key.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: cascadeRef('user_id', () => users.id),
    configId: text('config_id').notNull(),
    month: text('month').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month, table.configId] })],
);

/** One item an AI helper identified; `publishedId` names the item publishing it created. */
export interface AiResultItem {
  name: string;
  description: string;
  /** For parts: stakeholder, thing or process. */
  partType?: string;
  publishedId: string | null;
}

/**
 * What one run of an AI helper identified, kept for the person who ran it so each item can be
 * published later. A run on a problem by someone who may edit it is that problem's `aiInfo`
 * (the newest such run); deleting the problem or its space deletes its runs.
 */
export const aiResults = pgTable(
  'ai_results',
  {
    id: text('id').primaryKey(),
    userId: cascadeRef('user_id', () => users.id),
    kind: text('kind', { enum: AI_IDENTIFY_KINDS }).notNull(),
    spaceId: text('space_id').references(() => spaces.id, { onDelete: 'cascade' }),
    problemId: text('problem_id').references(() => problems.id, { onDelete: 'cascade' }),
    items: jsonb('items').$type<AiResultItem[]>().notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    isProblemInfo: boolean('is_problem_info').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('ai_results_user_idx').on(table.userId, table.createdAt),
    index('ai_results_problem_info_idx')
      .on(table.problemId, table.createdAt)
      .where(sql`${table.isProblemInfo}`),
  ],
);
