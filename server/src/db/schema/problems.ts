import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { locationColumns, locationIndex } from './media';
import { draftColumn, postColumns, reactionColumns } from './post-columns';
import { users } from './users';
import { cascadeRef, createdAtColumn } from './columns';

export const PROBLEM_STATUSES = ['proposed', 'unsolved', 'solving', 'solved', 'archived'] as const;
export const PART_TYPES = ['stakeholder', 'thing', 'process'] as const;

export const problems = pgTable(
  'problems',
  {
    ...postColumns(),
    ...draftColumn(),
    ...reactionColumns(),
    name: text('name').notNull(),
    /** Sanitised rich text. */
    description: text('description').notNull(),
    status: text('status', { enum: PROBLEM_STATUSES }).notNull().default('unsolved'),
    statusUpdatedAt: timestamp('status_updated_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    totalParticipants: integer('total_participants').notNull().default(0),
    totalStories: integer('total_stories').notNull().default(0),
    totalSolutions: integer('total_solutions').notNull().default(0),
    totalRecipes: integer('total_recipes').notNull().default(0),
    totalSolvers: integer('total_solvers').notNull().default(0),
    ...locationColumns(),
  },
  (table) => [
    index('problems_space_recent_idx').on(table.spaceId, table.createdAt, table.id),
    index('problems_author_idx').on(table.authorId, table.createdAt),
    index('problems_tags_idx').using('gin', table.tags),
    locationIndex('problems_location_idx', table),
  ],
);

/** Joined problems ("impacted" people); priority orders the member's own list, missing last. */
export const problemParticipants = pgTable(
  'problem_participants',
  {
    problemId: cascadeRef('problem_id', () => problems.id),
    userId: cascadeRef('user_id', () => users.id),
    priority: integer('priority'),
    joinedAt: timestamp('joined_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.problemId, table.userId] }),
    index('problem_participants_user_idx').on(table.userId),
  ],
);

/** What a member said when leaving a problem (the Leave Problem wizard). */
export const problemDepartures = pgTable('problem_departures', {
  id: text('id').primaryKey(),
  problemId: cascadeRef('problem_id', () => problems.id),
  userId: cascadeRef('user_id', () => users.id),
  emoji: text('emoji'),
  leavingComment: text('leaving_comment'),
  /** The upvoted solutions the member confirmed: [{ id, name }]. */
  solutions: jsonb('solutions').$type<{ id: string; name: string }[]>().notNull().default([]),
  createdAt: createdAtColumn(),
});

/** Every status change, newest first on the problem page. */
export const problemStatusActivity = pgTable(
  'problem_status_activity',
  {
    id: text('id').primaryKey(),
    problemId: cascadeRef('problem_id', () => problems.id),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('problem_status_activity_idx').on(table.problemId, table.createdAt)],
);

export const problemParts = pgTable(
  'problem_parts',
  {
    id: text('id').primaryKey(),
    problemId: cascadeRef('problem_id', () => problems.id),
    authorId: cascadeRef('author_id', () => users.id),
    type: text('type', { enum: PART_TYPES }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Named attributes of the part: [{ name, value }]. */
    attributes: jsonb('attributes')
      .$type<{ name: string; value: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAtColumn(),
  },
  (table) => [index('problem_parts_problem_idx').on(table.problemId, table.type)],
);

export const problemMeasurements = pgTable(
  'problem_measurements',
  {
    id: text('id').primaryKey(),
    problemId: cascadeRef('problem_id', () => problems.id),
    authorId: cascadeRef('author_id', () => users.id),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull().default(''),
    note: text('note').notNull().default(''),
    measuredAt: timestamp('measured_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('problem_measurements_idx').on(table.problemId, table.measuredAt)],
);
