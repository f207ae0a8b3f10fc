import { Navigate, type RouteObject } from 'react-router';

/** /admin/allUsers, /admin/allSpaces and /manage/{overview,users,reports,data}, loaded when visited. */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', element: <Navigate to="/admin/allUsers" replace /> },
  {
    path: 'admin/allUsers',
    lazy: () => import('./AdminPages').then((m) => ({ Component: m.AdminUsersPage })),
  },
  {
    path: 'admin/allSpaces',
    lazy: () => import('./AdminPages').then((m) => ({ Component: m.AdminSpacesPage })),
  },
  { path: 'manage', element: <Navigate to="/manage/overview" replace /> },
  {
    path: 'manage/:tab',
    lazy: () => import('./ManagePages').then((m) => ({ Component: m.ManagePage })),
  },
];
