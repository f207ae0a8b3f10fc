import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
// The kinds come from the shared rules (relative paths: drizzle-kit reads this file without the
// project's path aliases).
import { COMMENTABLE_TYPES } from '../../../../schema/rules/comments';
import {
  BOOKMARKABLE_TYPES,
  REACTABLE_TYPES,
  REACTION_KINDS,
} from '../../../../schema/rules/reactions';
import { spaces } from './spaces';
import { users } from './users';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

// What people do around content. An item is named by its collection and id (`stories`, `abc`),
// as the REST paths name it, so one table serves every post kind. Rows of a deleted item go with
// it: triggers in migration 0003 delete them when the story, problem, solution, skill or comment
// row is deleted (also when a space's deletion cascades to its posts).

/** Reactions on an item, by kind; a kind nobody chose is absent. */
export type ReactionCounts = Partial<Record<(typeof REACTION_KINDS)[number], number>>;

/** Comments on a post, and replies (parentId set) under a comment of the same post. */
export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    itemType: text('item_type', { enum: COMMENTABLE_TYPES }).notNull(),
    itemId: text('item_id').notNull(),
    parentId: text('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    /** The post's space, copied so visibility needs no join through the post. */
    spaceId: cascadeRef('space_id', () => spaces.id),
    authorId: cascadeRef('author_id', () => users.id),
    /** Sanitised rich text. */
    commentHtml: text('comment_html').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Ids of the people @mentioned. */
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    totalReplies: integer('total_replies').notNull().default(0),
    /** Hidden by a moderator: only the author (marked hidden) and moderators see it. */
    isHidden: boolean('is_hidden').notNull().default(false),
    totalReactions: integer('total_reactions').notNull().default(0),
    reactionCounts: jsonb('reaction_counts').$type<ReactionCounts>().notNull().default({}),
    /** The Top sort: what drew the most response. */
    score: integer('score').generatedAlwaysAs(sql`total_reactions + total_replies`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    index('comments_thread_recent_idx')
      .on(table.itemType, table.itemId, table.createdAt, table.id)
      .where(sql`${table.parentId} is null`),
    index('comments_thread_top_idx')
      .on(table.itemType, table.itemId, table.score, table.id)
      .where(sql`${table.parentId} is null`),
    index('comments_replies_idx').on(table.parentId, table.createdAt, table.id),
    index('comments_author_idx').on(table.authorId, table.createdAt),
  ],
);

/** One reaction per person and item; changing it replaces the row. */
export const reactions = pgTable(
  'reactions',
  {
    userId: cascadeRef('user_id', () => users.id),
    itemType: text('item_type', { enum: REACTABLE_TYPES }).notNull(),
    itemId: text('item_id').notNull(),
    reaction: text('reaction', { enum: REACTION_KINDS }).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemType, table.itemId] }),
    index('reactions_item_idx').on(table.itemType, table.itemId, table.createdAt),
    index('reactions_user_idx').on(table.userId, table.updatedAt),
  ],
);

export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: cascadeRef('user_id', () => users.id),
    itemType: text('item_type', { enum: BOOKMARKABLE_TYPES }).notNull(),
    itemId: text('item_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemType, table.itemId] }),
    index('bookmarks_user_idx').on(table.userId, table.createdAt),
  ],
);

/** People following people; users.total_followers / total_following count these rows. */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: cascadeRef('follower_id', () => users.id),
    followeeId: cascadeRef('followee_id', () => users.id),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followeeId] }),
    index('user_follows_followee_idx').on(table.followeeId, table.createdAt),
    index('user_follows_follower_idx').on(table.followerId, table.createdAt),
  ],
);
