import DataLoader from 'dataloader';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiResults } from '../../db/schema';
import type { AiResultRow } from './ai-identify.service';

/**
 * A problem's `aiInfo`: the newest AI run on it by someone who could edit it (isProblemInfo),
 * one statement for a page of problems. The resolver asks only for problems the viewer reads.
 */
export const createAiLoaders = (db: Db) => ({
  problemAiInfo: new DataLoader<string, AiResultRow | null>(async (problemIds) => {
    const rows = await db
      .selectDistinctOn([aiResults.problemId])
      .from(aiResults)
      .where(and(inArray(aiResults.problemId, [...problemIds]), eq(aiResults.isProblemInfo, true)))
      .orderBy(aiResults.problemId, desc(aiResults.createdAt), desc(aiResults.id));
    const byProblem = new Map(rows.map((row) => [row.problemId, row]));
    return problemIds.map((id) => byProblem.get(id) ?? null);
  }),
});
