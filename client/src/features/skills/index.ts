// The skills feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/').
import type { RouteObject } from 'react-router';

export const skillRoutes: RouteObject[] = [];
