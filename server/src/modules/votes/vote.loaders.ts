import DataLoader from 'dataloader';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { solutionVotes } from '../../db/schema';

export type VoteRow = typeof solutionVotes.$inferSelect;

/** Per-request DataLoaders of votes for the request's viewer; spread into the context's loaders. */
export function createVoteLoaders(db: Db, viewer: Viewer | null) {
  return {
    /** The viewer's vote on each solution, or null: one query for a whole page of solutions. */
    myVoteBySolution: new DataLoader<string, VoteRow | null>(async (ids) => {
      if (!viewer) return ids.map(() => null);
      const rows = await db
        .select()
        .from(solutionVotes)
        .where(
          and(eq(solutionVotes.userId, viewer.id), inArray(solutionVotes.solutionId, [...ids])),
        );
      const byId = new Map(rows.map((row) => [row.solutionId, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}
