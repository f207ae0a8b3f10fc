import type { RouteObject } from 'react-router';
import { AuthActionPage } from './AuthActionPage';
import { AuthPage } from './AuthPage';
import { LogoutPage } from './LogoutPage';

/** Children of /auth (rendered in the auth layout). Keys remount the panel when the route changes. */
export const authRoutes: RouteObject[] = [
  { path: 'login', element: <AuthPage key="signin" initial="signin" /> },
  { path: 'signUp', element: <AuthPage key="signup" initial="signup" /> },
  { path: 'forgotPassword', element: <AuthPage key="reset" initial="reset" /> },
  { path: 'logout', element: <LogoutPage /> },
  { path: 'auth-action', element: <AuthActionPage /> },
];
