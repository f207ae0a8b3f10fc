import { Navigate, type RouteObject } from 'react-router';
import { AccountSettingsPage, PreferencesSettingsPage } from './AccountSettingsPage';
import { ProfileSettingsPage } from './ProfileSettingsPage';
import { SettingsLayout } from './SettingsLayout';

/** /settings/profile, /account and /preferences; the other settings pages fall to 'coming soon'. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    element: <SettingsLayout />,
    children: [
      { index: true, element: <Navigate to="profile" replace /> },
      { path: 'profile', element: <ProfileSettingsPage /> },
      { path: 'account', element: <AccountSettingsPage /> },
      { path: 'preferences', element: <PreferencesSettingsPage /> },
    ],
  },
];
