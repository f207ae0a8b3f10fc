import DataLoader from 'dataloader';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { problemSolutions, problems, solutionVotes } from '../../db/schema';
import { problemReadableBy } from './solution.policy';

/** Per-request DataLoaders of solutions; spread into the request context's loaders. */
export const createSolutionLoaders = (db: Db) => ({
  /** Answers depend on the viewer, so they are made on first use for the request's viewer. */
  solutionViewerLoaders: new ViewerScoped(db),
});

export type LinkedProblemRow = Pick<
  typeof problems.$inferSelect,
  'id' | 'name' | 'status' | 'spaceId'
>;

class ViewerScoped {
  private built?: ReturnType<typeof buildViewerLoaders>;
  constructor(private readonly db: Db) {}

  for(viewer: Viewer | null) {
    this.built ??= buildViewerLoaders(this.db, viewer);
    return this.built;
  }
}

function buildViewerLoaders(db: Db, viewer: Viewer | null) {
  return {
    /** The viewer's vote on each solution: 'up', 'down' or null. */
    voteBySolution: new DataLoader<string, 'up' | 'down' | null>(async (ids) => {
      if (!viewer) return ids.map(() => null);
      const rows = await db
        .select({
          solutionId: solutionVotes.solutionId,
          direction: solutionVotes.direction,
        })
        .from(solutionVotes)
        .where(
          and(eq(solutionVotes.userId, viewer.id), inArray(solutionVotes.solutionId, [...ids])),
        );
      const byId = new Map(rows.map((row) => [row.solutionId, row.direction]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
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
