import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, text } from 'drizzle-orm/pg-core';
import type { ReactionCounts } from './engagement';
import { filesColumn } from './media';
import { spaces } from './spaces';
import { users } from './users';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

/**
 * The columns every post table (stories, problems, solutions, skills) shares: where it was posted
 * and by whom, its tags, its standing (anonymous, approved, hidden), its comments and files. The
 * post engine (modules/posts) and postPolicy rely on these names, so they are written once here.
 */
export const postColumns = () => ({
  id: text('id').primaryKey(),
  spaceId: cascadeRef('space_id', () => spaces.id),
  authorId: cascadeRef('author_id', () => users.id),
  /** Lower-cased hashtags in order of appearance; denormalised so a card needs no join. */
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isAnonymousPost: boolean('is_anonymous_post').notNull().default(false),
  /** Anonymous posts wait for a moderator; every other post is approved on creation. */
  isApproved: boolean('is_approved').notNull().default(true),
  /** Hidden by a moderator: only the author (marked hidden) and moderators see it. */
  isHidden: boolean('is_hidden').notNull().default(false),
  totalComments: integer('total_comments').notNull().default(0),
  files: filesColumn(),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** A post kind with drafts (all but skills): a draft is its author's only, listed nowhere. */
export const draftColumn = () => ({
  isDraft: boolean('is_draft').notNull().default(false),
});

/** A post kind people react to (all but skills): the total and the count of each reaction. */
export const reactionColumns = () => ({
  totalReactions: integer('total_reactions').notNull().default(0),
  reactionCounts: jsonb('reaction_counts').$type<ReactionCounts>().notNull().default({}),
});
