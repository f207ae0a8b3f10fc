// The places feature's routes: the /location map, loaded when visited (MapLibre never enters the
// first visit). Its pieces are imported from their files: `LocationPicker` (post dialogs),
// `useViewerPosition`, and `PlaceBits` (the lists' Nearby switch, a card's distance, a location line).
import type { RouteObject } from 'react-router';

export const placeRoutes: RouteObject[] = [
  {
    path: 'location',
    lazy: () => import('./LocationPage').then((module) => ({ Component: module.LocationPage })),
  },
];
