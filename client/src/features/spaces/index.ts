// The spaces feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/'). /spaces/switching needs no page: switching shows a dialog.
import type { RouteObject } from 'react-router';
import { ManageSpacePage, SpacePage } from './SpacePage';
import { CountrySpacesPage, PrivateSpacesPage, RecentSpacesPage } from './SpaceListPages';

export const spaceRoutes: RouteObject[] = [
  { path: 'spaces/countries', Component: CountrySpacesPage },
  { path: 'spaces/recent', Component: RecentSpacesPage },
  { path: 'spaces/private/:tab', Component: PrivateSpacesPage },
  { path: 'space/:id', Component: SpacePage },
  { path: 'space/:id/manage', Component: ManageSpacePage },
  { path: 'space/:id/manage/:tab', Component: ManageSpacePage },
  { path: 'space/:id/:tab', Component: SpacePage },
];
