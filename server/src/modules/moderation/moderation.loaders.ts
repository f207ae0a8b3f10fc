import DataLoader from 'dataloader';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moderationActions, reports } from '../../db/schema';

export type ModerationActionRow = typeof moderationActions.$inferSelect;

/** Per-request DataLoaders of moderation; spread into the context's loaders. */
export function createModerationLoaders(db: Db) {
  return {
    /**
     * Each report's history, oldest first: the actions recorded on it, and every action on its
     * item (or person) since it was filed (hidden from another report, a suspension). One
     * statement per page of reports.
     */
    actionsByReport: new DataLoader<string, ModerationActionRow[]>(async (ids) => {
      const rows = await db
        .select({ reportId: reports.id, action: moderationActions })
        .from(reports)
        .innerJoin(
          moderationActions,
          or(
            eq(moderationActions.reportId, reports.id),
            and(
              eq(moderationActions.itemType, reports.itemType),
              eq(moderationActions.itemId, reports.itemId),
              sql`${moderationActions.createdAt} >= ${reports.createdAt}`,
            ),
          ),
        )
        .where(inArray(reports.id, [...ids]))
        .orderBy(moderationActions.createdAt, moderationActions.id);
      const byReport = new Map<string, ModerationActionRow[]>();
      for (const row of rows)
        byReport.set(row.reportId, [...(byReport.get(row.reportId) ?? []), row.action]);
      return ids.map((id) => byReport.get(id) ?? []);
    }),
  };
}
