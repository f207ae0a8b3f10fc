import { and, eq, inArray } from 'drizzle-orm';
import { idSchema, SOLUTION_LINK_MAX, SOLUTION_MESSAGES } from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import { problemSolutions, problems, solutions } from '../../db/schema';
import { AppError, forbidden, notFound, parseInput } from '../../errors';
import { refreshSolutionCounters } from '../problems/problem-counters';
import { readableProblem } from '../problems/problem.service';
import { stepSolutionProblems } from './solution-counters';
import {
  canEditSolution,
  problemReadableBy,
  solutionReadableBy,
  type SolutionRow,
} from './solution.policy';
import { announce, lockReadable } from './solution.service';
import { requireWriter } from '../../auth/guards';

/**
 * Links between solutions and problems: making and removing them, and a solution read under a
 * problem.
 */

const problemIdsSchema = z
  .array(idSchema, { error: SOLUTION_MESSAGES.problemsRequired })
  .min(1, SOLUTION_MESSAGES.problemsRequired)
  .max(SOLUTION_LINK_MAX, SOLUTION_MESSAGES.problemsMax);

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
