// The spaces feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/'). /spaces/switching needs no page: switching shows a dialog.
import type { RouteObject } from 'react-router';

// Each page is a chunk of its own, loaded when its route is first visited.
const spacePage = () => import('./SpacePage').then((m) => ({ Component: m.SpacePage }));
const manageSpacePage = () => import('./SpacePage').then((m) => ({ Component: m.ManageSpacePage }));

export const spaceRoutes: RouteObject[] = [
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
