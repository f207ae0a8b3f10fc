import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  idSchema,
  postDescriptionHtmlSchema,
  postFlagSchema,
  postTitleSchema,
  RATE_LIMITS,
  SOLUTION_LINK_MAX,
  SOLUTION_MESSAGES,
  solutionListSchema,
  type SolutionSort,
  type TimeRangeInput,
} from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { problemSolutions, problems, solutions, solutionVotes } from '../../db/schema';
import { timeRangeCondition } from '../../db/time-range';
import { AppError, forbidden, notFound, parseInput } from '../../errors';
import { refreshSolutionCounters } from '../problems/problem-counters';
import { readableProblem } from '../problems/problem.service';
import {
  approvedAfterEdit,
  approvedWhenPosted,
  type PostStanding,
  type StandingChange,
} from '../posts/post.policy';
import { keysetSorts } from '../posts/post-sort';
import { cleanPostDescription } from '../posts/post-text';
import { removeQueuedFiles } from '../media/stored-files.service';
import { filesAfterEdit, filesOfNewPost, postFilesSchema } from '../posts/post-media';
import { locationColumnsOf, locationEdit, postLocationSchema } from '../posts/post-location';
import { resolveActiveSpace } from '../spaces/space.service';
import { syncTagCounters, type TaggedState } from '../tags/tag-counters';
import { requireViewer, requireWriter } from '../users/user.service';
import { stepSolutionProblems } from './solution-counters';
import {
  canEditSolution,
  isSolutionListed,
  problemReadableBy,
  solutionListedFor,
  solutionReadableBy,
  type SolutionRow,
} from './solution.policy';

const createSchema = z.object({
  name: postTitleSchema,
  description: postDescriptionHtmlSchema,
  isAnonymousPost: postFlagSchema,
  isDraft: postFlagSchema,
  spaceId: idSchema.nullish(),
  problemId: idSchema.nullish(),
  files: postFilesSchema,
  location: postLocationSchema,
});

const updateSchema = z.object({
  name: postTitleSchema.nullish(),
  description: postDescriptionHtmlSchema.nullish(),
  isAnonymousPost: z.boolean().nullish(),
  isDraft: z.boolean().nullish(),
  files: postFilesSchema,
  location: postLocationSchema,
});

const problemIdsSchema = z
  .array(idSchema, { error: SOLUTION_MESSAGES.problemsRequired })
  .min(1, SOLUTION_MESSAGES.problemsRequired)
  .max(SOLUTION_LINK_MAX, SOLUTION_MESSAGES.problemsMax);

const tagState = (solution: SolutionRow): TaggedState => ({
  spaceId: solution.spaceId,
  tags: solution.tags,
  listed: isSolutionListed(solution),
});

async function linkedProblemIds(tx: DbOrTx, solutionId: string) {
  const rows = await tx
    .select({ problemId: problemSolutions.problemId })
    .from(problemSolutions)
    .where(eq(problemSolutions.solutionId, solutionId));
  return rows.map((row) => row.problemId);
}

/** The solution is linked to this problem (shows on its Solutions tab). */
const linkedToProblem = (problemId: string) =>
  sql`${solutions.id} in (select ${problemSolutions.solutionId} from ${problemSolutions} where ${problemSolutions.problemId} = ${problemId})`;

export async function createSolution(ctx: Context, input: unknown): Promise<SolutionRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags } = cleanPostDescription(data.name, data.description);
  // Under a problem, the solution lives in the problem's space.
  const problem = data.problemId ? await readableProblem(ctx, data.problemId) : null;
  const spaceId = problem ? problem.spaceId : (await resolveActiveSpace(ctx, data.spaceId)).id;

  const created = await limitedWrite(
    ctx.db,
    'solution-create',
    viewer.id,
    RATE_LIMITS.solutionCreate,
    async (tx) => {
      const id = randomUUID();
      const [row] = await tx
        .insert(solutions)
        .values({
          id,
          spaceId,
          authorId: viewer.id,
          name: data.name,
          description: html,
          tags,
          isAnonymousPost: data.isAnonymousPost,
          isDraft: data.isDraft,
          isApproved: approvedWhenPosted(data.isAnonymousPost),
          totalProblems: problem ? 1 : 0,
          files: await filesOfNewPost(tx, viewer, { type: 'solutions', id, spaceId }, data.files),
          ...locationColumnsOf(data.location ?? null),
        })
        .returning();
      if (problem) {
        await tx.insert(problemSolutions).values({
          problemId: problem.id,
          solutionId: row!.id,
          linkedBy: viewer.id,
        });
        await refreshSolutionCounters(tx, [problem.id]);
      }
      await syncTagCounters(tx, 'solutions', null, tagState(row!));
      return row!;
    },
  );
  announce(ctx, created, { space: true, problemIds: problem ? [problem.id] : [] });
  return created;
}

/**
 * Tells live lists where a listed solution now shows: its space's solutions (unless it already
 * showed there) and the Solutions tabs of `problemIds`.
 */
function announce(
  ctx: Context,
  solution: SolutionRow,
  where: { space: boolean; problemIds: readonly string[] },
) {
  if (!isSolutionListed(solution)) return;
  const payload = { solutionId: solution.id };
  if (where.space) ctx.pubsub.publish('solutionInSpace', solution.spaceId, payload);
  for (const problemId of where.problemIds)
    ctx.pubsub.publish('solutionOnProblem', problemId, payload);
}

/**
 * The solution as this write finds it, locked until the write commits: writes to one solution
 * (edits, links, unlinks, deletes) take turns, and each sees what the one before it left.
 * Readable first, by the same rule as reads (an author who can no longer read its space is
 * refused as if it were missing).
 */
async function lockReadable(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  strength: 'update' | 'no key update',
): Promise<SolutionRow> {
  const viewer = requireWriter(ctx);
  const [solution] = await tx
    .select()
    .from(solutions)
    .where(and(eq(solutions.id, id), solutionReadableBy(viewer)))
    .for(strength);
  if (!solution) throw notFound();
  return solution;
}

/** `lockReadable`, then the viewer must be the author. */
async function lockEditable(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  strength: 'update' | 'no key update',
): Promise<SolutionRow> {
  const solution = await lockReadable(tx, ctx, id, strength);
  if (!canEditSolution(ctx.viewer, solution)) throw forbidden();
  return solution;
}

export async function updateSolution(
  ctx: Context,
  id: string,
  input: unknown,
): Promise<SolutionRow> {
  const data = parseInput(updateSchema, input);

  const { before, updated } = await ctx.db.transaction(async (tx) => {
    const before = await lockEditable(tx, ctx, id, 'no key update');
    const name = data.name ?? before.name;
    const cleaned = cleanPostDescription(name, data.description ?? before.description);
    const isAnonymousPost = data.isAnonymousPost ?? before.isAnonymousPost;
    const files = await filesAfterEdit(tx, 'solutions', before, before.spaceId, data.files);
    const [row] = await tx
      .update(solutions)
      .set({
        name,
        description: cleaned.html,
        tags: cleaned.tags,
        ...(files && { files }),
        ...locationEdit(data.location),
        isDraft: data.isDraft ?? before.isDraft,
        isAnonymousPost,
        isApproved: approvedAfterEdit(before, isAnonymousPost),
        updatedAt: new Date(),
      })
      .where(eq(solutions.id, id))
      .returning();
    // Solvers count named authors only, so turning anonymous moves them too.
    if (
      isSolutionListed(before) !== isSolutionListed(row!) ||
      before.isAnonymousPost !== row!.isAnonymousPost
    ) {
      await refreshSolutionCounters(tx, await linkedProblemIds(tx, id));
    }
    await syncTagCounters(tx, 'solutions', tagState(before), tagState(row!));
    return { before, updated: row! };
  });
  await removeQueuedFiles(ctx);
  if (!isSolutionListed(before))
    announce(ctx, updated, { space: true, problemIds: await linkedProblemIds(ctx.db, id) });
  return updated;
}

/**
 * Deletes the solutions `where` selects, in the caller's transaction, and takes them out of every
 * counter: their problems are recounted and their tags step down. The solutions are locked
 * first, so their links cannot change underneath; `check` sees them before anything is deleted.
 */
export async function removeSolutions(
  tx: DbOrTx,
  where: SQL,
  check: (locked: SolutionRow[]) => void = () => {},
): Promise<SolutionRow[]> {
  const locked = await tx.select().from(solutions).where(where).orderBy(solutions.id).for('update');
  check(locked);
  if (locked.length === 0) return [];
  const ids = locked.map((solution) => solution.id);
  const links = await tx
    .selectDistinct({ problemId: problemSolutions.problemId })
    .from(problemSolutions)
    .where(inArray(problemSolutions.solutionId, ids));
  await tx.delete(solutions).where(inArray(solutions.id, ids));
  await refreshSolutionCounters(
    tx,
    links.map((link) => link.problemId),
  );
  for (const solution of locked) await syncTagCounters(tx, 'solutions', tagState(solution), null);
  return locked;
}

/** Of parallel deletes of one solution, one deletes it; the others find it gone (NOT_FOUND). */
export async function deleteSolution(ctx: Context, id: string): Promise<void> {
  const viewer = requireWriter(ctx);
  await ctx.db.transaction((tx) =>
    removeSolutions(tx, and(eq(solutions.id, id), solutionReadableBy(viewer))!, ([solution]) => {
      if (!solution) throw notFound();
      if (!canEditSolution(viewer, solution)) throw forbidden();
    }),
  );
  await removeQueuedFiles(ctx);
}

export async function getSolution(ctx: Context, id: string): Promise<SolutionRow> {
  const [solution] = await ctx.db
    .select()
    .from(solutions)
    .where(and(eq(solutions.id, id), solutionReadableBy(ctx.viewer)));
  if (!solution) throw notFound();
  return solution;
}

/** `problems/{problemId}/solutions/{id}`: a solution as linked under a problem the viewer may read. */
export async function getProblemSolution(
  ctx: Context,
  problemId: string,
  id: string,
): Promise<SolutionRow> {
  await readableProblem(ctx, problemId);
  const [solution] = await ctx.db
    .select({ solution: solutions })
    .from(solutions)
    .innerJoin(problemSolutions, eq(problemSolutions.solutionId, solutions.id))
    .where(
      and(
        eq(solutions.id, id),
        eq(problemSolutions.problemId, problemId),
        solutionReadableBy(ctx.viewer),
      ),
    );
  if (!solution) throw notFound();
  return solution.solution;
}

/**
 * Links a solution the viewer can read to more problems of its space. Every problem must be
 * readable by the viewer (else NOT_FOUND, as if missing); links that exist are kept (idempotent).
 */
export async function linkSolution(
  ctx: Context,
  id: string,
  problemIdsInput: unknown,
): Promise<SolutionRow> {
  const viewer = requireWriter(ctx);
  const problemIds = [...new Set(parseInput(problemIdsSchema, problemIdsInput, 'problemIds'))];
  const linked = await ctx.db.transaction(async (tx) => {
    // Links of one solution are made one write at a time (see lockReadable).
    const solution = await lockReadable(tx, ctx, id, 'no key update');
    const found = await tx
      .select({ id: problems.id, spaceId: problems.spaceId })
      .from(problems)
      .where(and(inArray(problems.id, problemIds), problemReadableBy(viewer)));
    if (found.length !== problemIds.length) throw notFound();
    if (found.some((problem) => problem.spaceId !== solution.spaceId)) {
      throw new AppError('BAD_USER_INPUT', SOLUTION_MESSAGES.sameSpace, {
        field: 'problemIds',
      });
    }
    const added = await tx
      .insert(problemSolutions)
      .values(
        problemIds.map((problemId) => ({
          problemId,
          solutionId: id,
          linkedBy: viewer.id,
        })),
      )
      .onConflictDoNothing()
      .returning({ problemId: problemSolutions.problemId });
    await stepSolutionProblems(tx, new Map([[id, added.length]]));
    await refreshSolutionCounters(
      tx,
      added.map((link) => link.problemId),
    );
    const [row] = await tx.select().from(solutions).where(eq(solutions.id, id));
    return { row: row!, added };
  });
  announce(ctx, linked.row, {
    space: false,
    problemIds: linked.added.map((link) => link.problemId),
  });
  return linked.row;
}

/**
 * Removes a link; the solution's author or whoever made the link may. Of parallel unlinks of one
 * link, one removes it; the others find it gone (NOT_FOUND).
 */
export async function unlinkSolution(
  ctx: Context,
  id: string,
  problemId: string,
): Promise<SolutionRow> {
  const viewer = requireWriter(ctx);
  await readableProblem(ctx, problemId);
  return ctx.db.transaction(async (tx) => {
    const solution = await lockReadable(tx, ctx, id, 'no key update');
    const where = and(
      eq(problemSolutions.solutionId, id),
      eq(problemSolutions.problemId, problemId),
    );
    const [link] = await tx.select().from(problemSolutions).where(where);
    if (!link) throw notFound();
    if (!canEditSolution(viewer, solution) && link.linkedBy !== viewer.id) throw forbidden();
    const removed = await tx.delete(problemSolutions).where(where).returning();
    await stepSolutionProblems(tx, new Map([[id, -removed.length]]));
    await refreshSolutionCounters(tx, [problemId]);
    const [row] = await tx.select().from(solutions).where(eq(solutions.id, id));
    return row!;
  });
}

/** A solutions list as a transport received it; listSolutions parses it by solutionListSchema. */
export interface SolutionListInput extends TimeRangeInput {
  list?: string | null;
  problemId?: string | null;
  orderBy?: string | null;
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

const solutionSort = keysetSorts<typeof solutions, SolutionSort>(solutions, {
  recent: 'createdAt',
  upvotes: 'totalUpvotes',
  downvotes: 'totalDownvotes',
});

/**
 * Solutions of a space (recent), of a problem (problemId), or the viewer's own across spaces
 * (mysolutions, drafts and anonymous posts included), sorted by recency or votes, keyset paged.
 */
export async function listSolutions(
  ctx: Context,
  input: SolutionListInput,
): Promise<Page<SolutionRow>> {
  const { list, orderBy } = parseInput(solutionListSchema, input);
  const size = pageSize(input.first);
  const { column: sortColumn, kind, cursorOf } = solutionSort(orderBy);
  const cursor = decodeCursor(input.after, kind);
  const conditions: (SQL | undefined)[] = [];
  if (list === 'mysolutions') {
    const viewer = requireViewer(ctx);
    conditions.push(eq(solutions.authorId, viewer.id), solutionReadableBy(viewer));
  } else if (input.problemId) {
    await readableProblem(ctx, input.problemId);
    conditions.push(solutionListedFor(ctx.viewer), linkedToProblem(input.problemId));
  } else {
    const space = await resolveActiveSpace(ctx, input.spaceId);
    conditions.push(eq(solutions.spaceId, space.id), solutionListedFor(ctx.viewer));
  }
  conditions.push(timeRangeCondition(solutions.createdAt, input));
  conditions.push(afterCursor(sortColumn, solutions.id, cursor));

  const rows = await ctx.db
    .select()
    .from(solutions)
    .where(and(...conditions))
    .orderBy(desc(sortColumn), desc(solutions.id))
    .limit(size + 1);
  return toPage(rows, size, cursorOf);
}

/** The viewer's upvoted solutions of a problem (the Leave Problem wizard's first step). */
export async function upvotedSolutions(ctx: Context, problemId: string): Promise<SolutionRow[]> {
  const viewer = requireViewer(ctx);
  await readableProblem(ctx, problemId);
  const rows = await ctx.db
    .select({ solution: solutions })
    .from(solutions)
    .innerJoin(problemSolutions, eq(problemSolutions.solutionId, solutions.id))
    .innerJoin(
      solutionVotes,
      and(eq(solutionVotes.solutionId, solutions.id), eq(solutionVotes.userId, viewer.id)),
    )
    .where(
      and(
        eq(problemSolutions.problemId, problemId),
        eq(solutionVotes.direction, 'up'),
        solutionReadableBy(viewer),
      ),
    )
    .orderBy(desc(solutions.createdAt), desc(solutions.id));
  return rows.map((row) => row.solution);
}

/**
 * A moderator hides, restores or approves a solution (the moderation service checked who may), in
 * the caller's transaction: its linked problems' counters are recounted and its tag counters move
 * as an edit moves them. Null when it is gone.
 */
export async function changeSolutionStanding(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<SolutionRow> | null> {
  const [before] = await tx.select().from(solutions).where(eq(solutions.id, id)).for('update');
  if (!before) return null;
  const [after] = await tx.update(solutions).set(standing).where(eq(solutions.id, id)).returning();
  const problemIds = await linkedProblemIds(tx, id);
  await refreshSolutionCounters(tx, problemIds);
  await syncTagCounters(tx, 'solutions', tagState(before), tagState(after!));
  return {
    before,
    after: after!,
    announce: () => {
      if (!isSolutionListed(before)) announce(ctx, after!, { space: true, problemIds });
    },
  };
}
