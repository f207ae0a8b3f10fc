import { and, asc, count, desc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MAX_PAGE_SIZE } from '@rules';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import {
  problemParticipants,
  problems,
  skills,
  solutions,
  spaceParticipants,
  spaces,
  stories,
  tagFollows,
  users,
} from '../../db/schema';
import { problemListedFor, type ProblemRow } from '../problems/problem.policy';
import { skillListedFor, type SkillRow } from '../skills/skill.policy';
import { solutionListedFor, type SolutionRow } from '../solutions/solution.policy';
import { isActiveMember } from '../spaces/space.policy';
import { storyListedFor, storyOnProblemFor, type StoryRow } from '../stories/story.policy';
import { requireViewer } from '../../auth/guards';
import { getPerson, type PersonListInput } from './people.service';

/**
 * What a profile shows: only what the viewer may read, never an anonymous post (000 §6), not even
 * to its author, who finds those under /anonymous.
 */

const profileStories = (viewer: Viewer | null, authorId: string) =>
  and(
    eq(stories.authorId, authorId),
    eq(stories.isAnonymousPost, false),
    or(storyListedFor(viewer), storyOnProblemFor(viewer)),
  )!;
const profileProblems = (viewer: Viewer | null, authorId: string) =>
  and(
    eq(problems.authorId, authorId),
    eq(problems.isAnonymousPost, false),
    problemListedFor(viewer),
  )!;
const profileSolutions = (viewer: Viewer | null, authorId: string) =>
  and(
    eq(solutions.authorId, authorId),
    eq(solutions.isAnonymousPost, false),
    solutionListedFor(viewer),
  )!;
const profileSkills = (viewer: Viewer | null, authorId: string) =>
  and(eq(skills.authorId, authorId), eq(skills.isAnonymousPost, false), skillListedFor(viewer))!;

/**
 * Problems a person joined, as the viewer may read them. An author joins their own problem, so an
 * anonymous problem is left out: listing it would name its author.
 */
const joinedBy = (userId: string) =>
  sql`exists (select 1 from ${problemParticipants} where ${problemParticipants.problemId} = ${problems.id} and ${problemParticipants.userId} = ${userId})`;
const notTheirAnonymousProblem = (userId: string) =>
  not(and(eq(problems.isAnonymousPost, true), eq(problems.authorId, userId))!);

interface PostTable {
  createdAt: AnyPgColumn;
  id: AnyPgColumn;
}

/** One page of a post table under `where`, newest first. */
async function postPage<Row extends { id: string; createdAt: Date }>(
  ctx: Context,
  input: PersonListInput,
  table: PostTable,
  select: (where: SQL, size: number) => Promise<Row[]>,
  where: SQL,
): Promise<Page<Row>> {
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await select(and(where, afterCursor(table.createdAt, table.id, cursor))!, size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
}

export async function listPersonStories(
  ctx: Context,
  input: PersonListInput,
): Promise<Page<StoryRow>> {
  const person = await getPerson(ctx, input.userId);
  return postPage(
    ctx,
    input,
    stories,
    (where, limit) =>
      ctx.db
        .select()
        .from(stories)
        .where(where)
        .orderBy(desc(stories.createdAt), desc(stories.id))
        .limit(limit),
    profileStories(ctx.viewer, person.id),
  );
}

export async function listPersonProblems(
  ctx: Context,
  input: PersonListInput,
): Promise<Page<ProblemRow>> {
  const person = await getPerson(ctx, input.userId);
  return postPage(ctx, input, problems, problemsWhere(ctx), profileProblems(ctx.viewer, person.id));
}

/** The Solving tab: problems the person joined (their own included, anonymous ones not). */
export async function listPersonSolving(
  ctx: Context,
  input: PersonListInput,
): Promise<Page<ProblemRow>> {
  const person = await getPerson(ctx, input.userId);
  return postPage(
    ctx,
    input,
    problems,
    problemsWhere(ctx),
    and(problemListedFor(ctx.viewer), joinedBy(person.id), notTheirAnonymousProblem(person.id))!,
  );
}

const problemsWhere = (ctx: Context) => (where: SQL, limit: number) =>
  ctx.db
    .select()
    .from(problems)
    .where(where)
    .orderBy(desc(problems.createdAt), desc(problems.id))
    .limit(limit);

export async function listPersonSolutions(
  ctx: Context,
  input: PersonListInput,
): Promise<Page<SolutionRow>> {
  const person = await getPerson(ctx, input.userId);
  return postPage(
    ctx,
    input,
    solutions,
    (where, limit) =>
      ctx.db
        .select()
        .from(solutions)
        .where(where)
        .orderBy(desc(solutions.createdAt), desc(solutions.id))
        .limit(limit),
    profileSolutions(ctx.viewer, person.id),
  );
}

export async function listPersonSkills(
  ctx: Context,
  input: PersonListInput,
): Promise<Page<SkillRow>> {
  const person = await getPerson(ctx, input.userId);
  return postPage(
    ctx,
    input,
    skills,
    (where, limit) =>
      ctx.db
        .select()
        .from(skills)
        .where(where)
        .orderBy(desc(skills.createdAt), desc(skills.id))
        .limit(limit),
    profileSkills(ctx.viewer, person.id),
  );
}

export interface PostCounts {
  totalStories: number;
  totalProblems: number;
  totalSolutions: number;
  totalSkills: number;
}

/**
 * What each person's profile tabs hold for this viewer: the same conditions as the lists, so a
 * count never promises an item the tab will not show. Four statements for any number of people.
 */
export async function postCountsOf(
  db: Db,
  viewer: Viewer | null,
  ids: readonly string[],
): Promise<Map<string, PostCounts>> {
  const counts = new Map(
    ids.map((id) => [id, { totalStories: 0, totalProblems: 0, totalSolutions: 0, totalSkills: 0 }]),
  );
  if (ids.length === 0) return counts;
  const authors = [...ids];
  const countBy = async (
    field: keyof PostCounts,
    table: typeof stories | typeof problems | typeof solutions | typeof skills,
    authorColumn: AnyPgColumn,
    listed: SQL,
  ) => {
    const rows = await db
      .select({ authorId: authorColumn, total: count() })
      .from(table)
      .where(and(inArray(authorColumn, authors), listed))
      .groupBy(authorColumn);
    for (const row of rows) {
      const entry = counts.get(row.authorId as string);
      if (entry) entry[field] = row.total;
    }
  };
  await Promise.all([
    countBy(
      'totalStories',
      stories,
      stories.authorId,
      and(
        eq(stories.isAnonymousPost, false),
        or(storyListedFor(viewer), storyOnProblemFor(viewer)),
      )!,
    ),
    countBy(
      'totalProblems',
      problems,
      problems.authorId,
      and(eq(problems.isAnonymousPost, false), problemListedFor(viewer))!,
    ),
    countBy(
      'totalSolutions',
      solutions,
      solutions.authorId,
      and(eq(solutions.isAnonymousPost, false), solutionListedFor(viewer))!,
    ),
    countBy(
      'totalSkills',
      skills,
      skills.authorId,
      and(eq(skills.isAnonymousPost, false), skillListedFor(viewer))!,
    ),
  ]);
  return counts;
}

// ---------------------------------------------------------------------------------------------
// What we share

/** How many shared spaces and problems the Common tab shows (it is a summary, not a list). */
const COMMON_MAX = MAX_PAGE_SIZE;

export interface Common {
  spaces: (typeof spaces.$inferSelect)[];
  tags: string[];
  problems: ProblemRow[];
}

const activeIn = (userId: string) =>
  sql`${spaces.id} in (select ${spaceParticipants.spaceId} from ${spaceParticipants} where ${and(
    eq(spaceParticipants.userId, userId),
    isActiveMember(),
  )})`;

/**
 * What the signed-in viewer and this person share: spaces both are active participants of, tags
 * both follow or both carry as profile tags, and problems both joined that the viewer can read.
 */
export async function commonWith(ctx: Context, userId: unknown): Promise<Common> {
  const viewer = requireViewer(ctx);
  const person = await getPerson(ctx, userId);
  const [me] = await ctx.db
    .select({ profileTags: users.profileTags })
    .from(users)
    .where(eq(users.id, viewer.id));
  const [sharedSpaces, followedTags, sharedProblems] = await Promise.all([
    ctx.db
      .select()
      .from(spaces)
      .where(and(activeIn(viewer.id), activeIn(person.id)))
      .orderBy(asc(spaces.name), asc(spaces.id))
      .limit(COMMON_MAX),
    ctx.db
      .select({ tagId: tagFollows.tagId, userId: tagFollows.userId })
      .from(tagFollows)
      .where(inArray(tagFollows.userId, [viewer.id, person.id])),
    ctx.db
      .select()
      .from(problems)
      .where(
        and(
          problemListedFor(viewer),
          joinedBy(viewer.id),
          joinedBy(person.id),
          notTheirAnonymousProblem(person.id),
        ),
      )
      .orderBy(desc(problems.createdAt), desc(problems.id))
      .limit(COMMON_MAX),
  ]);
  const tagsOf = (id: string, profileTags: readonly string[]) =>
    new Set([
      ...followedTags.filter((row) => row.userId === id).map((row) => row.tagId),
      ...profileTags.map((tag) => tag.toLowerCase()),
    ]);
  const mine = tagsOf(viewer.id, me?.profileTags ?? []);
  const tags = [...tagsOf(person.id, person.profileTags)].filter((tag) => mine.has(tag)).sort();
  return { spaces: sharedSpaces, tags, problems: sharedProblems };
}
