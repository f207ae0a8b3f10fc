import { useMutation } from '@apollo/client/react';
import type { CommentableType, WatchLevel } from '@rules';
import { useActiveSpace } from '../../app/useActiveSpace';
import {
  ClearNotificationsDocument,
  DeleteNotificationDocument,
  MarkAllNotificationsReadDocument,
  MarkNotificationReadDocument,
  NotificationCountDocument,
  SetSpaceNotificationsDocument,
  SetWatchLevelDocument,
  WatchLevelDocument,
  type NotificationRowFragment,
} from '../../gql/graphql';
import { evictAllNotifications, evictNotification, markAllRead } from './notificationCache';

/**
 * After one notification is read or deleted the badge asks the server for the total: a local
 * "minus one" could count twice when the live event with the new total arrives first.
 */
const BADGE = [NotificationCountDocument];

/**
 * Notification writes with their cache updates, so the lists and the bell show the result without
 * a refetch (the live subscription then brings the server's exact total). Each function rejects
 * with the server's error for the caller to show.
 */
export function useNotificationMutations() {
  const { spaceId } = useActiveSpace();
  const [markRead] = useMutation(MarkNotificationReadDocument);
  const [remove] = useMutation(DeleteNotificationDocument);
  const [clear, clearState] = useMutation(ClearNotificationsDocument, {
    update: (cache) => evictAllNotifications(cache),
  });
  const [markAll, markAllState] = useMutation(MarkAllNotificationsReadDocument, {
    update: (cache) => markAllRead(cache, spaceId),
  });
  const [setWatch, setWatchState] = useMutation(SetWatchLevelDocument);
  const [setSpace, setSpaceState] = useMutation(SetSpaceNotificationsDocument);

  return {
    clearing: clearState.loading,
    markingAll: markAllState.loading,
    savingWatch: setWatchState.loading,
    savingSpace: setSpaceState.loading,
    /** Marks one read (the returned row, normalised by id, updates every list). */
    markRead: async (notification: NotificationRowFragment): Promise<void> => {
      if (notification.isRead) return;
      await markRead({ variables: { id: notification.id }, refetchQueries: BADGE });
    },
    deleteNotification: async (notification: NotificationRowFragment): Promise<void> => {
      await remove({
        variables: { id: notification.id },
        update: (cache) => evictNotification(cache, notification.id),
        refetchQueries: notification.isRead ? [] : BADGE,
      });
    },
    clearAll: async (): Promise<void> => {
      await clear();
    },
    markAllRead: async (): Promise<void> => {
      await markAll();
    },
    /** The viewer's level for one item's thread; the item's menu shows it once stored. */
    setWatchLevel: async (
      itemType: CommentableType,
      itemId: string,
      level: WatchLevel,
    ): Promise<void> => {
      await setWatch({
        variables: { itemType, itemId, level },
        update: (cache, { data }) => {
          if (!data) return;
          cache.writeQuery({
            query: WatchLevelDocument,
            variables: { itemType, itemId },
            data: { watchLevel: data.setWatchLevel },
          });
        },
      });
    },
    /** The per-space switch: the returned space (normalised by id) flips the switch and the bell. */
    setSpaceNotifications: async (targetSpaceId: string, on: boolean): Promise<void> => {
      await setSpace({ variables: { spaceId: targetSpaceId, on } });
    },
  };
}
