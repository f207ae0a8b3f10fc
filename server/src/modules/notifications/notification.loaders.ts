import DataLoader from 'dataloader';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { spaces, userSpaces } from '../../db/schema';

/** Space.notificationsOn for the viewer, batched over the spaces of a response. */
export const createNotificationLoaders = (db: Db, viewer: Viewer | null) => ({
  spaceNotificationsOn: new DataLoader<string, boolean>(async (spaceIds) => {
    if (!viewer) return spaceIds.map(() => false);
    const rows = await db
      .select({ spaceId: userSpaces.spaceId })
      .from(userSpaces)
      .where(
        and(
          eq(userSpaces.userId, viewer.id),
          inArray(userSpaces.spaceId, [...spaceIds]),
          eq(userSpaces.notifications, true),
        ),
      );
    const on = new Set(rows.map((row) => row.spaceId));
    return spaceIds.map((id) => on.has(id));
  }),
  /** The names of the spaces notifications are in. */
  spaceNameById: new DataLoader<string, string | null>(async (spaceIds) => {
    const rows = await db
      .select({ id: spaces.id, name: spaces.name })
      .from(spaces)
      .where(inArray(spaces.id, [...spaceIds]));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return spaceIds.map((id) => names.get(id) ?? null);
  }),
});
