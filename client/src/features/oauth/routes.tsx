import type { RouteObject } from 'react-router';

/** /oauth/authorize: the consent screen an app sends a person to (the authorization endpoint). */
export const oauthRoutes: RouteObject[] = [
  {
    path: 'oauth/authorize',
    lazy: () => import('./ConsentPage').then((m) => ({ Component: m.ConsentPage })),
  },
];
