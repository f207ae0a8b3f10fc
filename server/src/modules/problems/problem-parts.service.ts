import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { problemPartSchema, RATE_LIMITS } from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { Tx } from '../../db/client';
import { problemParts } from '../../db/schema';
import { forbidden, notFound, parseInput } from '../../errors';
import { canEditPart, type ProblemPartRow } from './problem.policy';
import { requireWorker } from './problem-members.service';
import { readableProblem } from './problem.service';
import { requireWriter } from '../../auth/guards';

/** Parts and measurements a person adds count against one limit (RATE_LIMITS.problemDetailAdd). */
export const DETAIL_BUCKET = 'problem-detail';

/** A part with whether the viewer may change it. */
export type PartView = ProblemPartRow & { canEdit: boolean };

export async function addPart(ctx: Context, problemId: string, input: unknown): Promise<PartView> {
  const row = await addProblemDetail(
    ctx,
    problemId,
    problemPartSchema,
    input,
    (tx, data, authorId) =>
      tx
        .insert(problemParts)
        .values({ id: randomUUID(), problemId, authorId, ...data })
        .returning(),
  );
  return { ...row, canEdit: true };
}

/**
 * Adds a part or a measurement, in this order: a writer, valid input, one who works on the
 * problem, under the detail limit; `insert` writes the row in the limit's transaction.
 */
export async function addProblemDetail<Data, Row>(
  ctx: Context,
  problemId: string,
  schema: { parse: (input: unknown) => Data },
  input: unknown,
  insert: (tx: Tx, data: Data, authorId: string) => Promise<Row[]>,
): Promise<Row> {
  const viewer = requireWriter(ctx);
  const data = parseInput(schema, input);
  await requireWorker(ctx, problemId);
  const [row] = await limitedWrite(
    ctx.db,
    DETAIL_BUCKET,
    viewer.id,
    RATE_LIMITS.problemDetailAdd,
    (tx) => insert(tx, data, viewer.id),
  );
  return row!;
}

async function findPart(ctx: Context, problemId: string, partId: string) {
  const problem = await readableProblem(ctx, problemId);
  const [part] = await ctx.db
    .select()
    .from(problemParts)
    .where(and(eq(problemParts.problemId, problemId), eq(problemParts.id, partId)));
  if (!part) throw notFound();
  return { problem, part };
}

export async function getPart(ctx: Context, problemId: string, partId: string): Promise<PartView> {
  const { problem, part } = await findPart(ctx, problemId, partId);
  return { ...part, canEdit: canEditPart(ctx.viewer, problem, part) };
}

export async function updatePart(
  ctx: Context,
  problemId: string,
  partId: string,
  input: unknown,
): Promise<PartView> {
  const viewer = requireWriter(ctx);
  const data = parseInput(problemPartSchema, input);
  const { problem, part } = await findPart(ctx, problemId, partId);
  if (!canEditPart(viewer, problem, part)) throw forbidden();
  const [row] = await ctx.db
    .update(problemParts)
    .set(data)
    .where(eq(problemParts.id, partId))
    .returning();
  if (!row) throw notFound();
  return { ...row, canEdit: true };
}

export async function deletePart(ctx: Context, problemId: string, partId: string): Promise<void> {
  const viewer = requireWriter(ctx);
  const { problem, part } = await findPart(ctx, problemId, partId);
  if (!canEditPart(viewer, problem, part)) throw forbidden();
  // Of parallel deletes, the one that removed the row succeeds; the others find it gone.
  const removed = await ctx.db
    .delete(problemParts)
    .where(eq(problemParts.id, partId))
    .returning({ id: problemParts.id });
  if (removed.length === 0) throw notFound();
}

/** Parts of a problem in the order they were added, optionally of one type. */
export async function listParts(
  ctx: Context,
  problemId: string,
  type?: string | null,
): Promise<PartView[]> {
  const problem = await readableProblem(ctx, problemId);
  const typeFilter = type
    ? eq(problemParts.type, parseInput(problemPartSchema.shape.type, type, 'type'))
    : undefined;
  const rows = await ctx.db
    .select()
    .from(problemParts)
    .where(and(eq(problemParts.problemId, problemId), typeFilter))
    .orderBy(asc(problemParts.createdAt), asc(problemParts.id));
  return rows.map((part) => ({
    ...part,
    canEdit: canEditPart(ctx.viewer, problem, part),
  }));
}
