// The notifications feature for the app shell:
// - `notificationRoutes`: /notifications/{all,invites,mySpaces,thisSpace} and /notifications/redirect.
// - `NotificationBell`: the top bar's bell with the unread badge, live.
// - `WatchLevelMenu`: an item page's 'Notifications' choice (everything, mentions only, mute).
import type { RouteObject } from 'react-router';

const notificationsPage = () =>
  import('./NotificationsPage').then((m) => ({ Component: m.NotificationsPage }));

export const notificationRoutes: RouteObject[] = [
  {
    path: 'notifications',
    // Without a tab the page opens the 'all' tab; 'redirect' is the page that opens one item.
    children: [
      { index: true, lazy: notificationsPage },
      { path: ':tab', lazy: notificationsPage },
    ],
  },
];

export { NotificationBell } from './NotificationBell';
export { WatchLevelMenu } from './WatchLevelMenu';
