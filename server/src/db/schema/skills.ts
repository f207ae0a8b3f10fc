import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { postColumns } from './post-columns';
import { users } from './users';
import { cascadeRef, createdAtColumn } from './columns';

export const skills = pgTable(
  'skills',
  {
    ...postColumns(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    totalParticipants: integer('total_participants').notNull().default(0),
  },
  (table) => [
    index('skills_space_recent_idx').on(table.spaceId, table.createdAt, table.id),
    index('skills_author_idx').on(table.authorId),
  ],
);

/** People who have a skill (its members); the creator is the first. */
export const skillMembers = pgTable(
  'skill_members',
  {
    skillId: cascadeRef('skill_id', () => skills.id),
    userId: cascadeRef('user_id', () => users.id),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.skillId, table.userId] }),
    index('skill_members_user_idx').on(table.userId),
  ],
);
