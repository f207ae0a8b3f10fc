// The places feature's routes: the /location map, loaded when visited (MapLibre never enters the
// first visit).
import type { RouteObject } from 'react-router';

export const placeRoutes: RouteObject[] = [
  {
    path: 'location',
    lazy: () => import('./LocationPage').then((module) => ({ Component: module.LocationPage })),
  },
];
