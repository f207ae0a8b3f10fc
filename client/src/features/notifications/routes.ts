// The notifications feature's routes: /notifications/{all,invites,mySpaces,thisSpace} and
// /notifications/redirect.
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
