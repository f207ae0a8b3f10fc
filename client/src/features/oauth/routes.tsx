import { Navigate, type RouteObject } from 'react-router';

/**
 * /oauth/authorize: the consent screen an app sends a person to (the authorization endpoint).
 * /oauth alone leads to the apps in settings.
 */
export const oauthRoutes: RouteObject[] = [
  { path: 'oauth', element: <Navigate to="/settings/extensions" replace /> },
  {
    path: 'oauth/authorize',
    lazy: () => import('./ConsentPage').then((m) => ({ Component: m.ConsentPage })),
  },
];
