// How notifications live in Apollo's cache. Each tab (all, invites, mySpaces, thisSpace of the
// active space) is one `notifications` query whose first page's variables are fixed here; later pages are
// appended to it, live notifications go on top of the lists they belong to, and the bell's total is
// the viewer's `User.totalNotifications`.
import type { ApolloCache } from '@apollo/client';
import {
  DEFAULT_PAGE_SIZE,
  INVITE_NOTIFICATION_KINDS,
  spaceKindOf,
  type NotificationKind,
} from '@rules';
import { localEdge, nodesOf } from '../../app/cursorPages';
import {
  NotificationCountDocument,
  NotificationsDocument,
  type NotificationRowFragment,
  type NotificationsQuery,
  type NotificationsQueryVariables,
} from '../../gql/graphql';

export const NOTIFICATION_TABS = ['all', 'invites', 'mySpaces', 'thisSpace'] as const;
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];

export const isNotificationTab = (value: unknown): value is NotificationTab =>
  (NOTIFICATION_TABS as readonly unknown[]).includes(value);

/** The variables of a tab's first page: every reader and writer of that list uses exactly these. */
export function listVariables(tab: NotificationTab, spaceId: string): NotificationsQueryVariables {
  return tab === 'thisSpace'
    ? { filter: tab, spaceId, first: DEFAULT_PAGE_SIZE }
    : { filter: tab, first: DEFAULT_PAGE_SIZE };
}

/** Whether a notification is listed in a tab, mirroring the server's filters. */
export function belongsTo(
  tab: NotificationTab,
  notification: NotificationRowFragment,
  spaceId: string,
) {
  const kind = notification.kind as NotificationKind;
  switch (tab) {
    case 'all':
      return true;
    case 'invites':
      return (INVITE_NOTIFICATION_KINDS as readonly string[]).includes(kind);
    case 'mySpaces':
      // Private spaces the viewer is in: not one they are invited to or were turned away from.
      return (
        !!notification.spaceId &&
        spaceKindOf(notification.spaceId).kind === 'private' &&
        kind !== 'invite' &&
        !(kind === 'joinAnswer' && notification.status !== 'accepted')
      );
    case 'thisSpace':
      return notification.spaceId === spaceId;
  }
}

type Page = NotificationsQuery['notifications'];

/** A new or updated (regrouped) notification goes on top: the lists are newest-updated first. */
function putOnTop(page: Page, notification: NotificationRowFragment): Page {
  const rest = page.edges.filter((edge) => edge.node.id !== notification.id);
  return { ...page, edges: [localEdge('NotificationEdge', notification), ...rest] };
}

/** Sets the bell's total (the viewer's unread count), if the viewer is loaded. */
export function writeTotal(cache: ApolloCache, total: number | ((current: number) => number)) {
  cache.updateQuery({ query: NotificationCountDocument }, (data) => {
    if (!data?.me) return undefined;
    const next = typeof total === 'number' ? total : total(data.me.totalNotifications);
    return { ...data, me: { ...data.me, totalNotifications: Math.max(0, next) } };
  });
}

/** A live change: the new total, and the notification (if any) on top of the tabs it belongs to. */
export function applyLiveChange(
  cache: ApolloCache,
  change: { totalNotifications: number; notification?: NotificationRowFragment | null },
  spaceId: string,
) {
  writeTotal(cache, change.totalNotifications);
  const { notification } = change;
  if (!notification) return;
  for (const tab of NOTIFICATION_TABS) {
    if (!belongsTo(tab, notification, spaceId)) continue;
    cache.updateQuery(
      { query: NotificationsDocument, variables: listVariables(tab, spaceId) },
      (data) =>
        data ? { ...data, notifications: putOnTop(data.notifications, notification) } : undefined,
    );
  }
}

/** After a delete: the notification leaves every list. */
export function evictNotification(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'Notification', id }) });
  cache.gc();
}

/** After 'clear all': every list is empty (those shown refetch, to the server's empty answer). */
export function evictAllNotifications(cache: ApolloCache) {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'notifications' });
  cache.gc();
  writeTotal(cache, 0);
}

/** After 'mark all read': every cached notification reads as read. */
export function markAllRead(cache: ApolloCache, spaceId: string) {
  for (const tab of NOTIFICATION_TABS) {
    const data = cache.readQuery({
      query: NotificationsDocument,
      variables: listVariables(tab, spaceId),
    });
    for (const item of nodesOf(data?.notifications)) {
      cache.modify({
        id: cache.identify({ __typename: 'Notification', id: item.id }),
        fields: { isRead: () => true },
      });
    }
  }
  writeTotal(cache, 0);
}
