import DataLoader from 'dataloader';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { problemSolutions, problems } from '../../db/schema';
import { problemReadableBy } from './solution.policy';

export type LinkedProblemRow = Pick<
  typeof problems.$inferSelect,
  'id' | 'name' | 'status' | 'spaceId'
>;

/** Per-request DataLoaders of solutions for the request's viewer; spread into the context's loaders. */
export function createSolutionLoaders(db: Db, viewer: Viewer | null) {
  return {
    /** The problems each solution is linked to that the viewer may read, oldest link first. */
    problemsBySolution: new DataLoader<string, LinkedProblemRow[]>(async (ids) => {
      const rows = await db
        .select({
          solutionId: problemSolutions.solutionId,
          id: problems.id,
          name: problems.name,
          status: problems.status,
          spaceId: problems.spaceId,
        })
        .from(problemSolutions)
        .innerJoin(problems, eq(problems.id, problemSolutions.problemId))
        .where(and(inArray(problemSolutions.solutionId, [...ids]), problemReadableBy(viewer)))
        .orderBy(asc(problemSolutions.createdAt), asc(problems.id));
      return ids.map((id) =>
        rows.filter((row) => row.solutionId === id).map(({ solutionId: _, ...problem }) => problem),
      );
    }),
  };
}
