import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { measurementSchema, RATE_LIMITS } from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import { problemMeasurements } from '../../db/schema';
import { parseInput } from '../../errors';
import { requireWorker } from './problem-members.service';
import { DETAIL_BUCKET } from './problem-parts.service';
import { readableProblem } from './problem.service';
import { requireWriter } from '../../auth/guards';

export type MeasurementRow = typeof problemMeasurements.$inferSelect;

export async function addMeasurement(
  ctx: Context,
  problemId: string,
  input: unknown,
): Promise<MeasurementRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(measurementSchema, input);
  await requireWorker(ctx, problemId);
  const [row] = await limitedWrite(
    ctx.db,
    DETAIL_BUCKET,
    viewer.id,
    RATE_LIMITS.problemDetailAdd,
    (tx) =>
      tx
        .insert(problemMeasurements)
        .values({
          id: randomUUID(),
          problemId,
          authorId: viewer.id,
          name: data.name,
          value: data.value,
          unit: data.unit,
          note: data.note,
          measuredAt: data.measuredAt ?? new Date(),
        })
        .returning(),
  );
  return row!;
}

/** Newest first (by when it was measured, then when it was recorded). */
export async function listMeasurements(ctx: Context, problemId: string): Promise<MeasurementRow[]> {
  await readableProblem(ctx, problemId);
  return ctx.db
    .select()
    .from(problemMeasurements)
    .where(eq(problemMeasurements.problemId, problemId))
    .orderBy(
      desc(problemMeasurements.measuredAt),
      desc(problemMeasurements.createdAt),
      desc(problemMeasurements.id),
    );
}
