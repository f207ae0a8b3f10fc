import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { measurementSchema } from '@rules';
import type { Context } from '../../context';
import { problemMeasurements } from '../../db/schema';
import { addProblemDetail } from './problem-parts.service';
import { readableProblem } from './problem.service';

export type MeasurementRow = typeof problemMeasurements.$inferSelect;

export async function addMeasurement(
  ctx: Context,
  problemId: string,
  input: unknown,
): Promise<MeasurementRow> {
  return addProblemDetail(ctx, problemId, measurementSchema, input, (tx, data, authorId) =>
    tx
      .insert(problemMeasurements)
      .values({
        id: randomUUID(),
        problemId,
        authorId,
        name: data.name,
        value: data.value,
        unit: data.unit,
        note: data.note,
        measuredAt: data.measuredAt ?? new Date(),
      })
      .returning(),
  );
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
