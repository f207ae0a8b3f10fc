import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { problems } from './problems';
import { locationColumns, locationIndex } from './media';
import { draftColumn, postColumns, reactionColumns } from './post-columns';
import { users } from './users';
import { cascadeRef, createdAtColumn, updatedAtColumn } from './columns';

/** A solution stands alone or is linked to one or more problems (problem_solutions). */
export const solutions = pgTable(
  'solutions',
  {
    ...postColumns(),
    ...draftColumn(),
    ...reactionColumns(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    totalProblems: integer('total_problems').notNull().default(0),
    totalUpvotes: integer('total_upvotes').notNull().default(0),
    totalDownvotes: integer('total_downvotes').notNull().default(0),
    totalOutcomes: integer('total_outcomes').notNull().default(0),
    ...locationColumns(),
  },
  (table) => [
    index('solutions_space_recent_idx').on(table.spaceId, table.createdAt, table.id),
    index('solutions_author_idx').on(table.authorId, table.createdAt),
    index('solutions_tags_idx').using('gin', table.tags),
    locationIndex('solutions_location_idx', table),
  ],
);

export const problemSolutions = pgTable(
  'problem_solutions',
  {
    problemId: cascadeRef('problem_id', () => problems.id),
    solutionId: cascadeRef('solution_id', () => solutions.id),
    linkedBy: text('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.problemId, table.solutionId] }),
    index('problem_solutions_solution_idx').on(table.solutionId),
  ],
);

/** One vote per user and solution; the votes issue adds the voting calls. */
export const solutionVotes = pgTable(
  'solution_votes',
  {
    solutionId: cascadeRef('solution_id', () => solutions.id),
    userId: cascadeRef('user_id', () => users.id),
    direction: text('direction', { enum: ['up', 'down'] }).notNull(),
    feedback: text('feedback').notNull().default(''),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.solutionId, table.userId] }),
    index('solution_votes_user_idx').on(table.userId),
  ],
);
