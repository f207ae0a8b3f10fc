// The spaces feature's routes, rendered inside the shell layout (paths without a leading '/').
// /spaces/switching needs no page: switching shows a dialog.
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// Each page is a chunk of its own, loaded when its route is first visited.
const spacePage = () => import('./SpacePage').then((m) => ({ Component: m.SpacePage }));
const manageSpacePage = () =>
  import('./ManageSpacePage').then((m) => ({ Component: m.ManageSpacePage }));

/** Where /spaces and /space lead: the country spaces (readable signed out, unlike recent). */
const SPACES_HOME = '/spaces/countries';

export const spaceRoutes: RouteObject[] = [
  { path: 'spaces', element: createElement(Navigate, { to: SPACES_HOME, replace: true }) },
  { path: 'space', element: createElement(Navigate, { to: SPACES_HOME, replace: true }) },
  {
    path: 'spaces/private',
    element: createElement(Navigate, { to: '/spaces/private/active', replace: true }),
  },
  {
    path: 'spaces/countries',
    lazy: () => import('./SpaceListPages').then((m) => ({ Component: m.CountrySpacesPage })),
  },
  {
    path: 'spaces/recent',
    lazy: () => import('./SpaceListPages').then((m) => ({ Component: m.RecentSpacesPage })),
  },
  {
    path: 'spaces/private/:tab',
    lazy: () => import('./SpaceListPages').then((m) => ({ Component: m.PrivateSpacesPage })),
  },
  { path: 'space/:id', lazy: spacePage },
  { path: 'space/:id/manage', lazy: manageSpacePage },
  { path: 'space/:id/manage/:tab', lazy: manageSpacePage },
  { path: 'space/:id/:tab', lazy: spacePage },
];
