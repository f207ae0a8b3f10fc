// The tags feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/'): tags, tag pages, problem alerts and the dashboard.
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AlertsPage } from './AlertsPage';
import { DashboardPage } from './DashboardPage';
import { TagPage } from './TagPage';
import { TagsPage } from './TagsPage';

export const tagRoutes: RouteObject[] = [
  { path: 'tags', Component: TagsPage },
  { path: 'tags/:id', Component: TagPage },
  { path: 'tags/:id/:tab', Component: TagPage },
  { path: 'problems/alerts', Component: AlertsPage },
  // The spec names both; one page has one address.
  {
    path: 'problems/myalerts',
    element: createElement(Navigate, { to: '/problems/alerts', replace: true }),
  },
  { path: 'dashboard', Component: DashboardPage },
];

/** The follow-tags dialog (the following feed's empty state opens it). */
export { FollowTagsDialog } from './FollowTagsDialog';
/** The edit-profile-tags dialog (the user menu opens it). */
export { ProfileTagsDialog } from './ProfileTagsDialog';
