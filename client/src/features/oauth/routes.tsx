import { Navigate, type RouteObject } from 'react-router';
import { loadPageTexts } from '../../app/i18n';

/**
 * /oauth/authorize: the consent screen an app sends a person to (the authorization endpoint).
 * /oauth alone leads to the apps in settings.
 */
export const oauthRoutes: RouteObject[] = [
  { path: 'oauth', element: <Navigate to="/settings/extensions" replace /> },
  {
    path: 'oauth/authorize',
    lazy: async () => {
      const [page] = await Promise.all([import('./ConsentPage'), loadPageTexts('oauth')]);
      return { Component: page.ConsentPage };
    },
  },
];
