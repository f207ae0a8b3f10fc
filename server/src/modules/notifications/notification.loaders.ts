import DataLoader from 'dataloader';
import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { spaces, userSpaces } from '../../db/schema';
import { spaceIsReadable, spaceNameReadable } from '../spaces/space.policy';
import { postKey, postTitles, type NotifiedPost } from './notification-titles.service';

/** Space.notificationsOn for the viewer, and the names notifications show, batched per response. */
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
  /** Space.canSwitchNotifications: the viewer may read the space's content (space.policy). */
  spaceNotificationsSwitchable: new DataLoader<string, boolean>(async (spaceIds) => {
    if (!viewer) return spaceIds.map(() => false);
    const rows = await db
      .select({ id: spaces.id })
      .from(spaces)
      .where(and(inArray(spaces.id, [...spaceIds]), spaceIsReadable(viewer)));
    const readable = new Set(rows.map((row) => row.id));
    return spaceIds.map((id) => readable.has(id));
  }),
  /**
   * The names of the spaces notifications are in, null for a space whose name the viewer may no
   * longer read (blocked, left, or an invitation or request answered no).
   */
  spaceNameById: new DataLoader<string, string | null>(async (spaceIds) => {
    const rows = await db
      .select({ id: spaces.id, name: spaces.name })
      .from(spaces)
      .where(and(inArray(spaces.id, [...spaceIds]), spaceNameReadable(viewer)));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return spaceIds.map((id) => names.get(id) ?? null);
  }),
  /** The title each notification names its post by (see notification-titles.service). */
  notifiedPostTitle: new DataLoader<NotifiedPost, string | null, string>(
    async (posts) => {
      const titles = await postTitles(db, posts);
      return posts.map((post) => titles.get(postKey(post)) ?? null);
    },
    { cacheKeyFn: postKey },
  ),
});
