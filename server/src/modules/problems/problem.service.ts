import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  idSchema,
  postDescriptionHtmlSchema,
  postFlagSchema,
  postTitleSchema,
  RATE_LIMITS,
} from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
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
import { forbidden, notFound, parseInput } from '../../errors';
import { resolveActiveSpace } from '../spaces/space.service';
import {
  approvedAfterEdit,
  approvedWhenPosted,
  isPostPublished,
  type PostStanding,
  type StandingChange,
} from '../posts/post.policy';
import { cleanPostDescription } from '../posts/post-text';
import { removeQueuedFiles } from '../media/stored-files.service';
import { filesAfterEdit, filesOfNewPost, postFilesSchema } from '../posts/post-media';
import { locationColumnsOf, locationEdit, postLocationSchema } from '../posts/post-location';
import { notifyProblemListed } from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import { stepSolutionProblems } from '../solutions/solution-counters';
import { syncTagCounters, type TaggedState } from '../tags/tag-counters';
import { canEditProblem, problemReadableBy, type ProblemRow } from './problem.policy';
import { registerAccountRemover } from '../users/account-removers';
import { requireWriter } from '../../auth/guards';

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

const tagState = (problem: ProblemRow): TaggedState => ({
  spaceId: problem.spaceId,
  tags: problem.tags,
  listed: isPostPublished(problem),
});

// ---------------------------------------------------------------------------------------------
// Create, edit, delete

export async function createProblem(ctx: Context, input: unknown): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags } = cleanPostDescription(data.name, data.description);
  const space = await resolveActiveSpace(ctx, data.spaceId);

  let eventId: string | undefined;
  const created = await limitedWrite(
    ctx.db,
    'problem-create',
    viewer.id,
    RATE_LIMITS.problemCreate,
    async (tx) => {
      const now = new Date();
      const id = randomUUID();
      const [row] = await tx
        .insert(problems)
        .values({
          id,
          spaceId: space.id,
          authorId: viewer.id,
          name: data.name,
          description: html,
          tags,
          isAnonymousPost: data.isAnonymousPost,
          isDraft: data.isDraft,
          isApproved: approvedWhenPosted(data.isAnonymousPost),
          // Spec: a created problem is marked joined, so its author is its first participant.
          totalParticipants: 1,
          statusUpdatedAt: now,
          createdAt: now,
          files: await filesOfNewPost(
            tx,
            viewer,
            { type: 'problems', id, spaceId: space.id },
            data.files,
          ),
          ...locationColumnsOf(data.location ?? null),
        })
        .returning();
      // joinedAt in whole milliseconds, like the cursors that page the impacted list.
      await tx
        .insert(problemParticipants)
        .values({ problemId: row!.id, userId: viewer.id, joinedAt: now });
      await syncTagCounters(tx, 'problems', null, tagState(row!));
      if (isPostPublished(row!)) eventId = await notifyProblemListed(tx, row!);
      return row!;
    },
  );
  deliverNotifications(ctx, eventId);
  return created;
}

/**
 * A problem the viewer may read, or NOT_FOUND (exactly like a missing one). Stories and solutions
 * check the problems they attach to with this, so one rule decides.
 */
export async function readableProblem(
  ctx: Context,
  id: string,
  db: DbOrTx = ctx.db,
): Promise<ProblemRow> {
  const [problem] = await db
    .select()
    .from(problems)
    .where(and(eq(problems.id, id), problemReadableBy(ctx.viewer)));
  if (!problem) throw notFound();
  return problem;
}

/**
 * The problem as this write finds it, locked until the write commits, so concurrent writes to it
 * take turns. Readable first (an author who can no longer read its space is refused as if it were
 * missing), then editable by the viewer. `strength` is `update` for a delete.
 */
async function lockEditable(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  strength: 'update' | 'no key update',
): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  const [problem] = await tx
    .select()
    .from(problems)
    .where(and(eq(problems.id, id), problemReadableBy(viewer)))
    .for(strength);
  if (!problem) throw notFound();
  if (!canEditProblem(viewer, problem)) throw forbidden();
  return problem;
}

export async function updateProblem(ctx: Context, id: string, input: unknown): Promise<ProblemRow> {
  const data = parseInput(updateSchema, input);

  let eventId: string | undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await lockEditable(tx, ctx, id, 'no key update');
    const name = data.name ?? before.name;
    const cleaned = cleanPostDescription(name, data.description ?? before.description);
    const isAnonymousPost = data.isAnonymousPost ?? before.isAnonymousPost;
    const files = await filesAfterEdit(tx, 'problems', before, before.spaceId, data.files);
    const [row] = await tx
      .update(problems)
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
      .where(eq(problems.id, id))
      .returning();
    await syncTagCounters(tx, 'problems', tagState(before), tagState(row!));
    if (!isPostPublished(before) && isPostPublished(row!))
      eventId = await notifyProblemListed(tx, row!);
    return row!;
  });
  await removeQueuedFiles(ctx);
  deliverNotifications(ctx, eventId);
  return updated;
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
  for (const problem of locked) await syncTagCounters(tx, 'problems', tagState(problem), null);
  return locked;
}
registerAccountRemover('problems', (tx, userId) =>
  removeProblems(tx, eq(problems.authorId, userId)),
);

/** Of parallel deletes of one problem, one deletes it; the others find it gone (NOT_FOUND). */
export async function deleteProblem(ctx: Context, id: string): Promise<void> {
  const viewer = requireWriter(ctx);
  await ctx.db.transaction((tx) =>
    removeProblems(tx, and(eq(problems.id, id), problemReadableBy(viewer))!, ([problem]) => {
      if (!problem) throw notFound();
      if (!canEditProblem(viewer, problem)) throw forbidden();
    }),
  );
  await removeQueuedFiles(ctx);
}

export function getProblem(ctx: Context, id: string): Promise<ProblemRow> {
  return readableProblem(ctx, id);
}

/**
 * A moderator hides, restores or approves a problem (the moderation service checked who may), in
 * the caller's transaction, moving its tag counters as an edit does. Null when it is gone.
 */
export async function changeProblemStanding(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<ProblemRow> | null> {
  const [before] = await tx.select().from(problems).where(eq(problems.id, id)).for('update');
  if (!before) return null;
  const [after] = await tx.update(problems).set(standing).where(eq(problems.id, id)).returning();
  await syncTagCounters(tx, 'problems', tagState(before), tagState(after!));
  // A problem that became listed (an approved anonymous problem) alerts as on publishing; problems
  // have no live list of their own.
  const becameListed = !isPostPublished(before) && isPostPublished(after!);
  const eventId = becameListed ? await notifyProblemListed(tx, after!) : null;
  return { before, after: after!, announce: () => deliverNotifications(ctx, eventId) };
}
