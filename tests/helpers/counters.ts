import { sql } from 'drizzle-orm';
import type { Db } from '../../server/src/db/client';

/**
 * Recounts every stored counter (the integer `total_*` columns) from the rows it counts, in SQL,
 * and reports each one that disagrees. A test asserts `await counterMismatches(db)` is `[]`; a
 * count is never negative, so that also says no stored counter is.
 */

export interface CounterMismatch {
  table: string;
  /** The counter row's id (`space_id/tag_id` for space_tags). */
  id: string;
  column: string;
  stored: number;
  counted: number;
}

interface StoredCounter {
  table: string;
  column: string;
  /** SQL naming the counter's row; `id` unless the table has a composite key. */
  key?: string;
  /** SQL returning (id, counted) from the rows the counter counts; a row it leaves out must hold 0. */
  count: string;
}

/** For counters no feature feeds yet (outcomes): they must stay 0. */
const NOTHING = 'select null::text, 0 where false';
const listed = (alias: string) =>
  `${alias}.is_draft = false and ${alias}.is_approved = true and ${alias}.is_hidden = false`;
const SPACE_TAG_KEY = `space_id || '/' || tag_id`;
/** Listed items of `table` per (space, tag), as space_tags counts them. */
const perSpaceTag = (table: string, extra = 'true') =>
  `select t.space_id || '/' || tag, count(*) from ${table} t cross join unnest(t.tags) as tag
   where ${listed('t')} and ${extra} group by 1`;
/** Comments and replies on posts of one kind, per post: hidden ones (and replies under them) not. */
const commentsOn = (itemType: string) =>
  `select c.item_id, count(*) from comments c left join comments parent on parent.id = c.parent_id
   where c.item_type = '${itemType}' and c.is_hidden = false and coalesce(parent.is_hidden, false) = false
   group by 1`;
/** Reactions on items of one kind, per item. */
const reactionsOn = (itemType: string) =>
  `select item_id, count(*) from reactions where item_type = '${itemType}' group by 1`;
const linkedListed = `from problem_solutions l join solutions s on s.id = l.solution_id
   where ${listed('s')}`;

/** Every stored counter and how to count it; a counter added later adds a line here. */
export const STORED_COUNTERS: readonly StoredCounter[] = [
  {
    table: 'problems',
    column: 'total_participants',
    count: 'select problem_id, count(*) from problem_participants group by 1',
  },
  {
    table: 'problems',
    column: 'total_stories',
    count: `select problem_id, count(*) from stories s where problem_id is not null and ${listed('s')} group by 1`,
  },
  {
    table: 'problems',
    column: 'total_solutions',
    count: `select l.problem_id, count(*) ${linkedListed} group by 1`,
  },
  {
    table: 'problems',
    column: 'total_solvers',
    count: `select l.problem_id, count(distinct s.author_id) ${linkedListed}
      and s.is_anonymous_post = false group by 1`,
  },
  { table: 'problems', column: 'total_comments', count: commentsOn('problems') },
  {
    table: 'problems',
    column: 'total_recipes',
    count:
      'select problem_id, count(*) from maps where problem_id is not null and is_private = false group by 1',
  },
  {
    table: 'solutions',
    column: 'total_problems',
    count: 'select solution_id, count(*) from problem_solutions group by 1',
  },
  {
    table: 'solutions',
    column: 'total_upvotes',
    count: `select solution_id, count(*) from solution_votes where direction = 'up' group by 1`,
  },
  {
    table: 'solutions',
    column: 'total_downvotes',
    count: `select solution_id, count(*) from solution_votes where direction = 'down' group by 1`,
  },
  { table: 'solutions', column: 'total_comments', count: commentsOn('solutions') },
  { table: 'solutions', column: 'total_outcomes', count: NOTHING },
  {
    table: 'skills',
    column: 'total_participants',
    count: 'select skill_id, count(*) from skill_members group by 1',
  },
  { table: 'skills', column: 'total_comments', count: commentsOn('skills') },
  { table: 'stories', column: 'total_reactions', count: reactionsOn('stories') },
  { table: 'problems', column: 'total_reactions', count: reactionsOn('problems') },
  { table: 'solutions', column: 'total_reactions', count: reactionsOn('solutions') },
  { table: 'comments', column: 'total_reactions', count: reactionsOn('comments') },
  { table: 'stories', column: 'total_comments', count: commentsOn('stories') },
  {
    table: 'comments',
    column: 'total_replies',
    count:
      'select parent_id, count(*) from comments where parent_id is not null and is_hidden = false group by 1',
  },
  {
    table: 'tags',
    column: 'total_followers',
    count: 'select tag_id, count(*) from tag_follows group by 1',
  },
  {
    table: 'users',
    column: 'total_followers',
    count: 'select followee_id, count(*) from user_follows group by 1',
  },
  {
    table: 'users',
    column: 'total_following',
    count: 'select follower_id, count(*) from user_follows group by 1',
  },
  // Stories posted to a problem show on the problem only, so they count in no tag counter.
  {
    table: 'space_tags',
    column: 'total_stories',
    key: SPACE_TAG_KEY,
    count: perSpaceTag('stories', 't.problem_id is null'),
  },
  {
    table: 'space_tags',
    column: 'total_problems',
    key: SPACE_TAG_KEY,
    count: perSpaceTag('problems'),
  },
  {
    table: 'space_tags',
    column: 'total_solutions',
    key: SPACE_TAG_KEY,
    count: perSpaceTag('solutions'),
  },
];

interface MismatchRow {
  id: string;
  stored: number | string;
  counted: number | string;
}

/** Every stored counter that differs from a count of its rows; [] when all agree. */
export async function counterMismatches(db: Db): Promise<CounterMismatch[]> {
  const mismatches: CounterMismatch[] = [];
  for (const counter of STORED_COUNTERS) {
    // A full join also catches rows that should exist but do not (a space_tags row never made).
    const query = `select coalesce(s.id, c.id) as id, coalesce(s.stored, 0) as stored,
        coalesce(c.counted, 0) as counted
      from (select ${counter.key ?? 'id'} as id, ${counter.column} as stored from ${counter.table}) s
      full join (${counter.count}) as c(id, counted) on c.id = s.id
      where coalesce(s.stored, 0) <> coalesce(c.counted, 0)
      order by 1`;
    // postgres.js answers an array of rows, PGlite an object holding them.
    const result: unknown = await db.execute(sql.raw(query));
    const rows = (
      Array.isArray(result) ? result : (result as { rows: unknown[] }).rows
    ) as MismatchRow[];
    for (const row of rows) {
      mismatches.push({
        table: counter.table,
        id: row.id,
        column: counter.column,
        stored: Number(row.stored),
        counted: Number(row.counted),
      });
    }
  }
  return mismatches;
}
