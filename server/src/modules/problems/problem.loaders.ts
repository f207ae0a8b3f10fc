import DataLoader from 'dataloader';
import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { problemMeasurements, problemParticipants, problemStatusActivity } from '../../db/schema';

export type ProblemParticipantRow = typeof problemParticipants.$inferSelect;
export type ProblemStatusActivityRow = typeof problemStatusActivity.$inferSelect;
export type ProblemMeasurementRow = typeof problemMeasurements.$inferSelect;

/** Key of a membership: who and which problem. */
export const participationKey = (userId: string, problemId: string) => `${userId}|${problemId}`;

/** Per-request DataLoaders of problems; spread into the request context's loaders. */
export const createProblemLoaders = (db: Db) => ({
  /** The viewer's membership of each problem of a list, in one query. Key: participationKey(). */
  problemParticipation: new DataLoader<string, ProblemParticipantRow | null>(async (keys) => {
    const pairs = keys.map((key) => key.split('|') as [string, string]);
    const userIds = [...new Set(pairs.map(([userId]) => userId))];
    const problemIds = [...new Set(pairs.map(([, problemId]) => problemId))];
    const rows = await db
      .select()
      .from(problemParticipants)
      .where(
        and(
          inArray(problemParticipants.userId, userIds),
          inArray(problemParticipants.problemId, problemIds),
        ),
      );
    const byKey = new Map(rows.map((row) => [participationKey(row.userId, row.problemId), row]));
    return keys.map((key) => byKey.get(key) ?? null);
  }),
  /** Each problem's status changes, newest first. */
  problemStatusActivity: new DataLoader<string, ProblemStatusActivityRow[]>(async (problemIds) => {
    const rows = await db
      .select()
      .from(problemStatusActivity)
      .where(inArray(problemStatusActivity.problemId, [...problemIds]))
      .orderBy(desc(problemStatusActivity.createdAt), desc(sql`${problemStatusActivity.id}`));
    return problemIds.map((id) => rows.filter((row) => row.problemId === id));
  }),
  /** Each problem's measurements, newest first (the parent problem was already checked readable). */
  problemMeasurements: new DataLoader<string, ProblemMeasurementRow[]>(async (problemIds) => {
    const rows = await db
      .select()
      .from(problemMeasurements)
      .where(inArray(problemMeasurements.problemId, [...problemIds]))
      .orderBy(
        desc(problemMeasurements.measuredAt),
        desc(problemMeasurements.createdAt),
        desc(problemMeasurements.id),
      );
    return problemIds.map((id) => rows.filter((row) => row.problemId === id));
  }),
});
