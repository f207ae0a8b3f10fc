import { Navigate, type RouteObject } from 'react-router';
import { AdminSpacesPage, AdminUsersPage } from './AdminPages';
import { ManagePage } from './ManagePages';

/** /admin/allUsers, /admin/allSpaces and /manage/{overview,users,reports,data}. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', element: <Navigate to="/admin/allUsers" replace /> },
  { path: 'admin/allUsers', Component: AdminUsersPage },
  { path: 'admin/allSpaces', Component: AdminSpacesPage },
  { path: 'manage', element: <Navigate to="/manage/overview" replace /> },
  { path: 'manage/:tab', Component: ManagePage },
];
