// The people feature's routes, rendered inside the shell layout (paths without a leading '/'):
// the people and organisations directories, profiles and /following.
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// Each page is a chunk of its own, loaded when its route is first visited.
const directoryPage = (directory: 'people' | 'orgs') => () =>
  import('./PeopleDirectoryPage').then((m) => ({
    element: createElement(m.PeopleDirectoryPage, { directory }),
  }));
const profilePage = () => import('./ProfilePage').then((m) => ({ Component: m.ProfilePage }));

export const peopleRoutes: RouteObject[] = [
  { path: 'network', element: createElement(Navigate, { to: '/network/people', replace: true }) },
  { path: 'network/people', lazy: directoryPage('people') },
  { path: 'network/orgs', lazy: directoryPage('orgs') },
  { path: 'network/:id', lazy: profilePage },
  { path: 'network/:id/:tab', lazy: profilePage },
  {
    path: 'following',
    lazy: () => import('./FollowingPage').then((m) => ({ Component: m.FollowingPage })),
  },
];
