import { Navigate, type RouteObject } from 'react-router';
import { loadPageTexts } from '../../app/i18n';

/**
 * /settings/profile, /account, /preferences, /extensions (apps and access tokens), /subscriptions
 * (the plan and Stripe's portal) and /ai (My AI Configs), loaded when visited; the other settings
 * pages fall to 'coming soon'.
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
        // Its sessions card's texts are in access.json, which comes with the pages that show it.
        lazy: async () => {
          const [page] = await Promise.all([
            import('./AccountSettingsPage'),
            loadPageTexts('access'),
          ]);
          return { Component: page.AccountSettingsPage };
        },
      },
      {
        path: 'preferences',
        lazy: () =>
          import('./AccountSettingsPage').then((m) => ({ Component: m.PreferencesSettingsPage })),
      },
      {
        path: 'extensions',
        // The apps' and tokens' texts (oauth.json, access.json) come with the pages that show them.
        lazy: async () => {
          const [page] = await Promise.all([
            import('./ExtensionsSettingsPage'),
            loadPageTexts('oauth'),
            loadPageTexts('access'),
          ]);
          return { Component: page.ExtensionsSettingsPage };
        },
      },
      {
        path: 'subscriptions',
        // The plan, its status and invoice, and Stripe's portal (features/billing), with its texts.
        lazy: async () => {
          const billing = await import('../billing');
          await billing.loadBillingTexts();
          return { Component: billing.SubscriptionPanel };
        },
      },
      // The layout shows it (SettingsLayout): its code and texts then stay out of a first visit.
      { path: 'ai' },
    ],
  },
];
