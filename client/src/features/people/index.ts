// The people feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/'), and the author name the post cards link with.
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FollowingPage } from './FollowingPage';
import { PeopleDirectoryPage } from './PeopleDirectoryPage';
import { ProfilePage } from './ProfilePage';

export { AuthorName, profilePath } from './AuthorName';
export { PersonAvatar } from './PersonAvatar';

export const peopleRoutes: RouteObject[] = [
  { path: 'network', element: createElement(Navigate, { to: '/network/people', replace: true }) },
  { path: 'network/people', element: createElement(PeopleDirectoryPage, { directory: 'people' }) },
  { path: 'network/orgs', element: createElement(PeopleDirectoryPage, { directory: 'orgs' }) },
  { path: 'network/:id', Component: ProfilePage },
  { path: 'network/:id/:tab', Component: ProfilePage },
  { path: 'following', Component: FollowingPage },
];
