// The tags feature's routes, rendered inside the shell layout (paths without a leading '/'): tags,
// tag pages, problem alerts and the dashboard.
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// Each page is a chunk of its own, loaded when its route is first visited.
const tagPage = () => import('./TagPage').then((m) => ({ Component: m.TagPage }));

export const tagRoutes: RouteObject[] = [
  { path: 'tags', lazy: () => import('./TagsPage').then((m) => ({ Component: m.TagsPage })) },
  { path: 'tags/:id', lazy: tagPage },
  { path: 'tags/:id/:tab', lazy: tagPage },
  {
    path: 'problems/alerts',
    lazy: () => import('./AlertsPage').then((m) => ({ Component: m.AlertsPage })),
  },
  // The spec names both; one page has one address.
  {
    path: 'problems/myalerts',
    element: createElement(Navigate, { to: '/problems/alerts', replace: true }),
  },
  {
    path: 'dashboard',
    lazy: () => import('./DashboardPage').then((m) => ({ Component: m.DashboardPage })),
  },
];
