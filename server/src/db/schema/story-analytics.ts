import type { StoryEntityType } from '@rules';
import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './core';
import { stories } from './stories';
import { cascadeRef, createdAtColumn } from './columns';

/** One entity of a story, as stored and as REST answers it (000 §3). */
export interface StoryEntityRow {
  name: string;
  type: StoryEntityType;
  /** 0..1; a story's entities sum to about 1. */
  salience: number;
  /** An https Wikipedia article, checked before it was stored; {} without one. */
  metadata: { wikipedia_url?: string };
}

/**
 * A story's entities as an AI provider found them, once per version of its text (`version`: a
 * hash of the story's HTML), so a later reader of the same version gets them without a call.
 * Only the current version's row is kept. `userId` is who paid (their key, their tokens); the
 * row goes with the story. The fallback (hashtags and phrases) is computed on each read and not
 * stored: it costs less than the row would.
 */
export const storyAnalytics = pgTable(
  'story_analytics',
  {
    storyId: cascadeRef('story_id', () => stories.id),
    version: text('version').notNull(),
    entities: jsonb('entities').$type<StoryEntityRow[]>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.version] })],
);
