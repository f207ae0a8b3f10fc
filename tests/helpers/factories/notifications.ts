import { gqlData, rest } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Notifications, watches and the per-space switch, read and changed as a person does. */

export const NOTIFICATION_FIELDS = `
  id kind itemType itemId spaceId spaceName actorCount reaction status snippet postType title
  route isRead createdAt updatedAt actors { id displayName photoURL role }
`;

export interface NotificationView {
  id: string;
  kind: string;
  itemType: string;
  itemId: string;
  spaceId: string | null;
  spaceName: string | null;
  actorCount: number;
  reaction: string | null;
  status: string | null;
  snippet: string | null;
  postType: string | null;
  title: string | null;
  route: string;
  isRead: boolean;
  createdAt: string;
  updatedAt: string;
  actors: { id: string; displayName: string; photoURL: string; role: string }[];
}

export interface NotificationPage {
  items: NotificationView[];
  nextCursor: string | null;
}

export const NOTIFICATIONS = `query($filter: NotificationFilter, $spaceId: ID, $first: Int, $after: String) {
  notifications(filter: $filter, spaceId: $spaceId, first: $first, after: $after) {
    items { ${NOTIFICATION_FIELDS} } nextCursor
  }
}`;
export const TOTAL_NOTIFICATIONS = `query { me { id totalNotifications } }`;
export const MARK_READ = `mutation($id: ID!) { markNotificationRead(id: $id) { ${NOTIFICATION_FIELDS} } }`;
export const DELETE_NOTIFICATION = `mutation($id: ID!) { deleteNotification(id: $id) }`;
export const CLEAR_NOTIFICATIONS = `mutation { clearNotifications }`;
export const MARK_ALL_READ = `mutation { markAllNotificationsRead }`;
export const WATCH_LEVEL = `query($itemType: CommentableType!, $itemId: ID!) { watchLevel(itemType: $itemType, itemId: $itemId) }`;
export const SET_WATCH_LEVEL = `mutation($itemType: CommentableType!, $itemId: ID!, $level: WatchLevel!) {
  setWatchLevel(itemType: $itemType, itemId: $itemId, level: $level)
}`;
export const SET_SPACE_NOTIFICATIONS = `mutation($spaceId: ID!, $on: Boolean!) {
  setSpaceNotifications(spaceId: $spaceId, on: $on) { id notificationsOn }
}`;
export const NOTIFICATIONS_CHANGED = `subscription {
  notificationsChanged { totalNotifications notification { ${NOTIFICATION_FIELDS} } }
}`;

export interface NotificationsChangedView {
  notificationsChanged: {
    totalNotifications: number;
    notification: NotificationView | null;
  };
}

/** One page of `user`'s notifications (filter all unless given). */
export async function listNotifications(
  server: TestServer,
  user: TestUser,
  variables: { filter?: string; spaceId?: string; first?: number; after?: string } = {},
) {
  const data = await gqlData<{ notifications: NotificationPage }>(
    server.url,
    NOTIFICATIONS,
    variables,
    { token: user.token },
  );
  return data.notifications;
}

/** All of `user`'s notifications of `kind` (first page of 100). */
export async function notificationsOfKind(server: TestServer, user: TestUser, kind: string) {
  const page = await listNotifications(server, user, { first: 100 });
  return page.items.filter((item) => item.kind === kind);
}

export async function totalNotificationsOf(server: TestServer, user: TestUser) {
  const data = await gqlData<{ me: { totalNotifications: number } }>(
    server.url,
    TOTAL_NOTIFICATIONS,
    {},
    { token: user.token },
  );
  return data.me.totalNotifications;
}

export async function markRead(server: TestServer, user: TestUser, id: string) {
  const data = await gqlData<{ markNotificationRead: NotificationView }>(
    server.url,
    MARK_READ,
    { id },
    { token: user.token },
  );
  return data.markNotificationRead;
}

export async function setWatchLevel(
  server: TestServer,
  user: TestUser,
  item: { itemType: string; itemId: string },
  level: string,
) {
  return gqlData<{ setWatchLevel: string }>(
    server.url,
    SET_WATCH_LEVEL,
    { ...item, level },
    { token: user.token },
  );
}

/** `GET /api/list/v2?path=users/{uid}/notifications` as `token` asks it. */
export function listNotificationsOverRest(server: TestServer, uid: string, token?: string) {
  const params = new URLSearchParams({ path: `users/${uid}/notifications`, results: '1000' });
  return rest<{ items: Record<string, unknown>[]; last: string | null }>(
    server.url,
    'GET',
    `/api/list/v2?${params.toString()}`,
    undefined,
    token,
  );
}
