import DataLoader from 'dataloader';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moderationActions, reports, users } from '../../db/schema';

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
    /** Whether each person is an admin (whom no one may suspend): one statement per page. */
    isAdminById: new DataLoader<string, boolean>(async (ids) => {
      const rows = await db
        .select({ id: users.id, isAdmin: users.isAdmin })
        .from(users)
        .where(inArray(users.id, [...ids]));
      const admins = new Set(rows.filter((row) => row.isAdmin).map((row) => row.id));
      return ids.map((id) => admins.has(id));
    }),
  };
}
