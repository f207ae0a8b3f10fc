// The reactions feature's routes: /reactions, loaded when visited.
import type { RouteObject } from 'react-router';

export const reactionRoutes: RouteObject[] = [
  {
    path: 'reactions',
    lazy: () => import('./ReactionsPage').then((m) => ({ Component: m.ReactionsPage })),
  },
];
