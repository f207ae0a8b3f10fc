import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { idSchema, postDescriptionHtmlSchema, postFlagSchema, postTitleSchema } from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  problemParticipants,
  problemSolutions,
  problems,
  solutions,
  stories,
} from '../../db/schema';
import { parseInput } from '../../errors';
import { resolveActiveSpace } from '../spaces/space.service';
import { isPostPublished, type PostStanding, type StandingChange } from '../posts/post.policy';
import { cleanPostDescription, titledPostEdit } from '../posts/post-text';
import {
  changePostStanding,
  createPost,
  editPost,
  readablePost,
  refuseUnlessEditable,
  syncPostTags,
} from '../posts/post-write.service';
import { removeQueuedFiles } from '../media/stored-files.service';
import { postFilesSchema } from '../posts/post-media';
import { postLocationSchema } from '../posts/post-location';
import { notifyProblemListed } from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import { stepSolutionProblems } from '../solutions/solution-counters';
import { problemKind } from './problem.post-kind';
import { problemReadableBy, type ProblemRow } from './problem.policy';
import { requireWriter } from '../../auth/guards';
import { registerAccountRemover } from '../users/account-removers';

const createSchema = z.object({
  name: postTitleSchema,
  description: postDescriptionHtmlSchema,
  isAnonymousPost: postFlagSchema,
  isDraft: postFlagSchema,
  spaceId: idSchema.nullish(),
  files: postFilesSchema,
  location: postLocationSchema,
});

const updateSchema = z.object({
  name: postTitleSchema.optional(),
  description: postDescriptionHtmlSchema.optional(),
  isAnonymousPost: z.boolean().nullish(),
  isDraft: z.boolean().nullish(),
  files: postFilesSchema,
  location: postLocationSchema,
});

// ---------------------------------------------------------------------------------------------
// Create, edit, delete

/** A problem that became listed alerts the people following its tags. */
const alertWhenListed = async (tx: DbOrTx, before: ProblemRow | null, after: ProblemRow) =>
  (!before || !isPostPublished(before)) && isPostPublished(after)
    ? await notifyProblemListed(tx, after)
    : undefined;

export async function createProblem(ctx: Context, input: unknown): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags } = cleanPostDescription(data.name, data.description);
  const space = await resolveActiveSpace(ctx, data.spaceId);

  let eventId: string | undefined;
  const now = new Date();
  const created = await createPost(ctx, problemKind, {
    spaceId: space.id,
    input: data,
    columns: {
      name: data.name,
      description: html,
      tags,
      // Spec: a created problem is marked joined, so its author is its first participant.
      totalParticipants: 1,
      statusUpdatedAt: now,
      createdAt: now,
    },
    steps: async (tx, row) => {
      // joinedAt in whole milliseconds, like the cursors that page the impacted list.
      await tx
        .insert(problemParticipants)
        .values({ problemId: row.id, userId: viewer.id, joinedAt: now });
      eventId = await alertWhenListed(tx, null, row);
    },
  });
  deliverNotifications(ctx, eventId);
  return created;
}

/**
 * A problem the viewer may read, or NOT_FOUND (exactly like a missing one). Stories and solutions
 * check the problems they attach to with this, so one rule decides.
 */
export const readableProblem = (ctx: Context, id: string, db: DbOrTx = ctx.db) =>
  readablePost(ctx, problemKind, id, db);

export async function updateProblem(ctx: Context, id: string, input: unknown): Promise<ProblemRow> {
  const data = parseInput(updateSchema, input);
  let eventId: string | undefined;
  const { after } = await editPost(
    ctx,
    problemKind,
    id,
    data,
    (before) => ({ columns: titledPostEdit(data, before) }),
    async (tx, before, row) => {
      eventId = await alertWhenListed(tx, before, row);
    },
  );
  deliverNotifications(ctx, eventId);
  return after;
}

/**
 * Deletes the problems `where` selects, in the caller's transaction, and takes them out of every
 * counter. Their memberships, parts, measurements, stories and solution links go by cascade; the
 * stories count nowhere else (a story posted to a problem counts in no tag counter) and the
 * linked solutions count one problem fewer each. Locks go in the order every other write takes
 * them: the problems' stories and linked solutions first (those writes lock their item before its
 * problem), then the problems; `check` sees the locked problems before anything is deleted.
 */
export async function removeProblems(
  tx: DbOrTx,
  where: SQL,
  check: (locked: ProblemRow[]) => void = () => {},
): Promise<ProblemRow[]> {
  const selected = sql`(select ${problems.id} from ${problems} where ${where})`;
  await tx
    .select({ id: stories.id })
    .from(stories)
    .where(sql`${stories.problemId} in ${selected}`)
    .orderBy(asc(stories.id))
    .for('update');
  await tx
    .select({ id: solutions.id })
    .from(solutions)
    .where(
      sql`${solutions.id} in (select ${problemSolutions.solutionId} from ${problemSolutions} where ${problemSolutions.problemId} in ${selected})`,
    )
    .orderBy(asc(solutions.id))
    .for('no key update');
  const locked = await tx
    .select()
    .from(problems)
    .where(where)
    .orderBy(asc(problems.id))
    .for('update');
  check(locked);
  if (locked.length === 0) return [];
  const ids = locked.map((problem) => problem.id);
  // Read under the problems' locks: no link to them can be added or removed until this commits.
  const links = await tx
    .select({ solutionId: problemSolutions.solutionId })
    .from(problemSolutions)
    .where(inArray(problemSolutions.problemId, ids));
  await tx.delete(problems).where(inArray(problems.id, ids));
  const steps = new Map<string, number>();
  for (const { solutionId } of links) steps.set(solutionId, (steps.get(solutionId) ?? 0) - 1);
  await stepSolutionProblems(tx, steps);
  for (const problem of locked) await syncPostTags(tx, problemKind, problem, null);
  return locked;
}
registerAccountRemover('problems', (tx, userId) =>
  removeProblems(tx, eq(problems.authorId, userId)),
);

/** Of parallel deletes of one problem, one deletes it; the others find it gone (NOT_FOUND). */
export async function deleteProblem(ctx: Context, id: string): Promise<void> {
  const viewer = requireWriter(ctx);
  await ctx.db.transaction((tx) =>
    removeProblems(tx, and(eq(problems.id, id), problemReadableBy(viewer))!, ([problem]) =>
      refuseUnlessEditable(viewer, problemKind, problem),
    ),
  );
  await removeQueuedFiles(ctx);
}

export function getProblem(ctx: Context, id: string): Promise<ProblemRow> {
  return readableProblem(ctx, id);
}

/**
 * A moderator hides, restores or approves a problem (the moderation service checked who may), in
 * the caller's transaction (see changePostStanding). Null when it is gone.
 */
export async function changeProblemStanding(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<ProblemRow> | null> {
  // A problem that became listed (an approved anonymous problem) alerts as on publishing; problems
  // have no live list of their own.
  let eventId: string | undefined;
  const change = await changePostStanding(
    tx,
    problemKind,
    id,
    standing,
    async (tx, before, after) => {
      eventId = await alertWhenListed(tx, before, after);
    },
  );
  return change && { ...change, announce: () => deliverNotifications(ctx, eventId) };
}
