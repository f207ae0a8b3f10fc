import type { RouteObject } from 'react-router';
import type { AuthView } from './AuthPanel';

/** The sign-in panel opened on `initial`; the key remounts it when the route changes. */
const authPage = (initial: AuthView) => () =>
  import('./AuthPage').then((m) => ({ element: <m.AuthPage key={initial} initial={initial} /> }));

/** Children of /auth (rendered in the auth layout), loaded when visited. */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: authPage('signin') },
  { path: 'signUp', lazy: authPage('signup') },
  { path: 'forgotPassword', lazy: authPage('reset') },
  {
    path: 'logout',
    lazy: () => import('./LogoutPage').then((m) => ({ Component: m.LogoutPage })),
  },
  {
    path: 'auth-action',
    lazy: () => import('./AuthActionPage').then((m) => ({ Component: m.AuthActionPage })),
  },
];
