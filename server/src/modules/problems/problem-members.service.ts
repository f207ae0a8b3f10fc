import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { idSchema, leaveProblemSchema, PROBLEM_MESSAGES } from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page, mapPage } from '../../db/keyset';
import {
  problemDepartures,
  problemParticipants,
  problemSolutions,
  problems,
  solutions,
  users,
} from '../../db/schema';
import { AppError, forbidden, parseInput } from '../../errors';
import { solutionListedFor } from '../solutions/solution.policy';
import { watch } from '../notifications/notify.service';
import { stepProblemParticipants } from './problem-counters';
import { participationKey } from './problem.loaders';
import { canWorkOnProblem, problemReadableBy, type ProblemRow } from './problem.policy';
import { readableProblem } from './problem.service';
import { type UserRow } from '../users/user.rows';
import { requireViewer, requireWriter } from '../../auth/guards';

/**
 * Who joined a problem: joining and leaving, the joined problems' priorities, the impacted and the
 * solvers, and what a member may do to a problem.
 */

export async function isJoined(ctx: Context, problem: Pick<ProblemRow, 'id'>): Promise<boolean> {
  if (!ctx.viewer) return false;
  return !!(await ctx.loaders.problemParticipation.load(
    participationKey(ctx.viewer.id, problem.id),
  ));
}

/**
 * Whether the viewer may change the problem's status (and add its parts and measurements): the
 * rule `requireWorker` enforces, offered to clients as `canChangeStatus` on a problem and on a
 * map's problem nodes (the kanban's cards). Memberships load through the request's loader, so a
 * whole board costs one query.
 */
export async function canChangeStatus(
  ctx: Context,
  problem: Pick<ProblemRow, 'id' | 'authorId'>,
): Promise<boolean> {
  return canWorkOnProblem(ctx.viewer, problem, await isJoined(ctx, problem));
}

export async function requireWorker(ctx: Context, id: string): Promise<ProblemRow> {
  requireWriter(ctx);
  const problem = await readableProblem(ctx, id);
  if (!(await canChangeStatus(ctx, problem))) throw forbidden();
  return problem;
}

export async function joinProblem(ctx: Context, id: string): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  await readableProblem(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(problemParticipants)
      .values({ problemId: id, userId: viewer.id, joinedAt: new Date() })
      .onConflictDoNothing()
      .returning({ problemId: problemParticipants.problemId });
    await stepProblemParticipants(
      tx,
      inserted.map((row) => row.problemId),
      1,
    );
    await watch(tx, viewer.id, { type: 'problems', id });
    ctx.loaders.problemParticipation.clear(participationKey(viewer.id, id));
    return await readableProblem(ctx, id, tx);
  });
}

/** Leaving keeps what the member said (emoji, comment, the upvoted solutions they confirmed). */
export async function leaveProblem(ctx: Context, id: string, input: unknown): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(leaveProblemSchema, input ?? {});
  await readableProblem(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(problemParticipants)
      .where(and(eq(problemParticipants.problemId, id), eq(problemParticipants.userId, viewer.id)))
      .returning({ problemId: problemParticipants.problemId });
    if (!removed.length) throw new AppError('CONFLICT', PROBLEM_MESSAGES.notJoined);
    await stepProblemParticipants(
      tx,
      removed.map((row) => row.problemId),
      -1,
    );
    await tx.insert(problemDepartures).values({
      id: randomUUID(),
      problemId: id,
      userId: viewer.id,
      emoji: data.emoji,
      leavingComment: data.leavingComment,
      solutions: data.solutions,
    });
    ctx.loaders.problemParticipation.clear(participationKey(viewer.id, id));
    return readableProblem(ctx, id, tx);
  });
}

export interface JoinedProblem {
  id: string;
  name: string;
  priority: number | null;
}

/** The viewer's joined problems they can still read, by priority; those without one come last. */
export async function joinedProblems(ctx: Context): Promise<JoinedProblem[]> {
  const viewer = requireViewer(ctx);
  return ctx.db
    .select({
      id: problems.id,
      name: problems.name,
      priority: problemParticipants.priority,
    })
    .from(problemParticipants)
    .innerJoin(problems, eq(problems.id, problemParticipants.problemId))
    .where(and(eq(problemParticipants.userId, viewer.id), problemReadableBy(viewer)))
    .orderBy(
      sql`${problemParticipants.priority} asc nulls last`,
      desc(problemParticipants.joinedAt),
      asc(problems.id),
    );
}

const prioritiesSchema = z.array(idSchema).max(1000);

/**
 * Priorities follow the given order (1, 2, …); joined problems left out lose theirs and go last.
 * Every id must be a problem the viewer joined and can read.
 */
export async function updateJoinedProblems(
  ctx: Context,
  problemIds: unknown,
): Promise<JoinedProblem[]> {
  const viewer = requireViewer(ctx);
  const ids = [...new Set(parseInput(prioritiesSchema, problemIds, 'problemIds'))];
  const joined = new Set((await joinedProblems(ctx)).map((problem) => problem.id));
  if (ids.some((id) => !joined.has(id))) {
    throw new AppError('BAD_USER_INPUT', PROBLEM_MESSAGES.prioritiesNotJoined, {
      field: 'problemIds',
    });
  }
  await ctx.db.transaction(async (tx) => {
    // Only problems the viewer can still read: nothing in a space they left or were blocked from.
    await tx
      .update(problemParticipants)
      .set({ priority: null })
      .where(
        and(
          eq(problemParticipants.userId, viewer.id),
          inArray(problemParticipants.problemId, [...joined]),
        ),
      );
    for (const [index, problemId] of ids.entries()) {
      await tx
        .update(problemParticipants)
        .set({ priority: index + 1 })
        .where(
          and(
            eq(problemParticipants.userId, viewer.id),
            eq(problemParticipants.problemId, problemId),
          ),
        );
    }
  });
  return joinedProblems(ctx);
}

// ---------------------------------------------------------------------------------------------
// People: impacted (joined) and solvers

export interface ProblemPerson {
  user: UserRow | null;
  /** Shown as Anonymous: the anonymous author of the problem. */
  anonymous: boolean;
  joinedAt: Date;
}

/** People who joined the problem, newest first; its anonymous author stays Anonymous here too. */
export async function impacted(
  ctx: Context,
  problemId: string,
  options: { after?: string | null; first?: number | null },
): Promise<Page<ProblemPerson>> {
  const problem = await readableProblem(ctx, problemId);
  const size = pageSize(options.first, ctx.pageSizeMax);
  const cursor = decodeCursor(options.after, 'date');
  const rows = await ctx.db
    .select({ user: users, joinedAt: problemParticipants.joinedAt })
    .from(problemParticipants)
    .innerJoin(users, eq(users.id, problemParticipants.userId))
    .where(
      and(
        eq(problemParticipants.problemId, problemId),
        afterCursor(problemParticipants.joinedAt, problemParticipants.userId, cursor),
      ),
    )
    .orderBy(desc(problemParticipants.joinedAt), desc(problemParticipants.userId))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: row.joinedAt,
    id: row.user.id,
  }));
  return mapPage(page, (row) => ({
    user: row.user,
    anonymous: problem.isAnonymousPost && row.user.id === problem.authorId,
    joinedAt: row.joinedAt,
  }));
}

/**
 * Distinct authors of the published solutions linked to the problem; anonymous solutions reveal
 * nobody. Solutions in spaces the viewer cannot read do not count.
 */
export async function solvers(ctx: Context, problemId: string): Promise<UserRow[]> {
  await readableProblem(ctx, problemId);
  const rows = await ctx.db
    .selectDistinctOn([users.id], { user: users })
    .from(problemSolutions)
    .innerJoin(solutions, eq(solutions.id, problemSolutions.solutionId))
    .innerJoin(users, eq(users.id, solutions.authorId))
    .where(
      and(
        eq(problemSolutions.problemId, problemId),
        solutionListedFor(ctx.viewer),
        eq(solutions.isAnonymousPost, false),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.user).sort((a, b) => a.displayName.localeCompare(b.displayName));
}
