import { Navigate, type RouteObject } from 'react-router';

/**
 * /settings/profile, /account, /preferences and /extensions, loaded when visited; the other settings pages fall
 * to 'coming soon'.
 */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    lazy: () => import('./SettingsLayout').then((m) => ({ Component: m.SettingsLayout })),
    children: [
      { index: true, element: <Navigate to="profile" replace /> },
      {
        path: 'profile',
        lazy: () =>
          import('./ProfileSettingsPage').then((m) => ({ Component: m.ProfileSettingsPage })),
      },
      {
        path: 'account',
        lazy: () =>
          import('./AccountSettingsPage').then((m) => ({ Component: m.AccountSettingsPage })),
      },
      {
        path: 'preferences',
        lazy: () =>
          import('./AccountSettingsPage').then((m) => ({ Component: m.PreferencesSettingsPage })),
      },
      {
        path: 'extensions',
        lazy: () =>
          import('./ExtensionsSettingsPage').then((m) => ({ Component: m.ExtensionsSettingsPage })),
      },
    ],
  },
];
