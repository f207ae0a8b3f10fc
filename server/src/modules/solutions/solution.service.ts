import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { idSchema, postDescriptionHtmlSchema, postFlagSchema, postTitleSchema } from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { problemSolutions, solutions } from '../../db/schema';
import { parseInput } from '../../errors';
import { refreshSolutionCounters } from '../problems/problem-counters';
import { readableProblem } from '../problems/problem.service';
import type { PostLock } from '../posts/post-kind';
import type { PostStanding, StandingChange } from '../posts/post.policy';
import { cleanPostDescription, titledPostEdit } from '../posts/post-text';
import {
  changePostStanding,
  createPost,
  editPost,
  lockReadablePost,
  readablePost,
  refuseUnlessEditable,
  syncPostTags,
} from '../posts/post-write.service';
import { removeQueuedFiles } from '../media/stored-files.service';
import { postFilesSchema } from '../posts/post-media';
import { postLocationSchema } from '../posts/post-location';
import { resolveActiveSpace } from '../spaces/space.service';
import { solutionKind } from './solution.post-kind';
import { isSolutionListed, solutionReadableBy, type SolutionRow } from './solution.policy';
import { registerAccountRemover } from '../users/account-removers';
import { requireWriter } from '../../auth/guards';

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

async function linkedProblemIds(tx: DbOrTx, solutionId: string) {
  const rows = await tx
    .select({ problemId: problemSolutions.problemId })
    .from(problemSolutions)
    .where(eq(problemSolutions.solutionId, solutionId));
  return rows.map((row) => row.problemId);
}

export async function createSolution(ctx: Context, input: unknown): Promise<SolutionRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags } = cleanPostDescription(data.name, data.description);
  // Under a problem, the solution lives in the problem's space.
  const problem = data.problemId ? await readableProblem(ctx, data.problemId) : null;
  const spaceId = problem ? problem.spaceId : (await resolveActiveSpace(ctx, data.spaceId)).id;

  const created = await createPost(ctx, solutionKind, {
    spaceId,
    input: data,
    columns: { name: data.name, description: html, tags, totalProblems: problem ? 1 : 0 },
    steps: async (tx, row) => {
      if (!problem) return;
      await tx
        .insert(problemSolutions)
        .values({ problemId: problem.id, solutionId: row.id, linkedBy: viewer.id });
      await refreshSolutionCounters(tx, [problem.id]);
    },
  });
  announce(ctx, created, { space: true, problemIds: problem ? [problem.id] : [] });
  return created;
}

/**
 * Tells live lists where a listed solution now shows: its space's solutions (unless it already
 * showed there) and the Solutions tabs of `problemIds`.
 */
export function announce(
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
 * The solution as this write finds it, locked until the write commits (see lockReadablePost):
 * edits, links, unlinks and deletes of one solution take turns.
 */
export const lockReadable = (tx: DbOrTx, ctx: Context, id: string, strength: PostLock) =>
  lockReadablePost(tx, ctx, solutionKind, id, strength);

export async function updateSolution(
  ctx: Context,
  id: string,
  input: unknown,
): Promise<SolutionRow> {
  const data = parseInput(updateSchema, input);
  const { before, after } = await editPost(
    ctx,
    solutionKind,
    id,
    data,
    (before) => ({ columns: titledPostEdit(data, before) }),
    async (tx, before, after) => {
      // Solvers count named authors only, so turning anonymous moves them too.
      if (
        isSolutionListed(before) !== isSolutionListed(after) ||
        before.isAnonymousPost !== after.isAnonymousPost
      ) {
        await refreshSolutionCounters(tx, await linkedProblemIds(tx, id));
      }
    },
  );
  if (!isSolutionListed(before))
    announce(ctx, after, { space: true, problemIds: await linkedProblemIds(ctx.db, id) });
  return after;
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
  for (const solution of locked) await syncPostTags(tx, solutionKind, solution, null);
  return locked;
}
registerAccountRemover('solutions', (tx, userId) =>
  removeSolutions(tx, eq(solutions.authorId, userId)),
);

/** Of parallel deletes of one solution, one deletes it; the others find it gone (NOT_FOUND). */
export async function deleteSolution(ctx: Context, id: string): Promise<void> {
  const viewer = requireWriter(ctx);
  await ctx.db.transaction((tx) =>
    removeSolutions(tx, and(eq(solutions.id, id), solutionReadableBy(viewer))!, ([solution]) =>
      refuseUnlessEditable(viewer, solutionKind, solution),
    ),
  );
  await removeQueuedFiles(ctx);
}

export const getSolution = (ctx: Context, id: string): Promise<SolutionRow> =>
  readablePost(ctx, solutionKind, id);

/**
 * A moderator hides, restores or approves a solution (the moderation service checked who may), in
 * the caller's transaction: its linked problems' counters are recounted (see changePostStanding).
 * Null when it is gone.
 */
export async function changeSolutionStanding(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<SolutionRow> | null> {
  let problemIds: string[] = [];
  const change = await changePostStanding(tx, solutionKind, id, standing, async (tx) => {
    problemIds = await linkedProblemIds(tx, id);
    await refreshSolutionCounters(tx, problemIds);
  });
  return (
    change && {
      ...change,
      announce: () => {
        if (!isSolutionListed(change.before))
          announce(ctx, change.after, { space: true, problemIds });
      },
    }
  );
}
