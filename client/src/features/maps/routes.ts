// The maps feature's routes: children of the shell layout (paths without a leading '/'): the maps
// directory (the Progress tab), a map by id, the 2D/3D views, the space's default and stories
// maps, a problem's recipe, and the waypoints.
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// Each page is a chunk of its own, loaded when its route is first visited; the graph editor (React
// Flow, three.js) is a further chunk loaded by the graph maps only.
const directoryPage = () =>
  import('./MapsDirectoryPage').then((m) => ({ Component: m.MapsDirectoryPage }));
const mapViewPage = (mode: '2D' | '3D') => () =>
  import('./MapPage').then((m) => ({ element: createElement(m.MapViewPage, { mode }) }));
const spaceMapPage = (mode: '2D' | '3D') => () =>
  import('./SpaceMapPage').then((m) => ({ element: createElement(m.SpaceMapPage, { mode }) }));
const lastMapPage = (mode: '2D' | '3D') => () =>
  import('./SpaceMapPage').then((m) => ({ element: createElement(m.LastMapPage, { mode }) }));
const waypointsPage = (scope: 'mine' | 'space') => () =>
  import('./WaypointsPage').then((m) => ({ element: createElement(m.WaypointsPage, { scope }) }));

export const mapRoutes: RouteObject[] = [
  { path: 'graphviews', lazy: directoryPage },
  {
    path: 'graphviews/:id',
    lazy: () => import('./MapPage').then((m) => ({ Component: m.MapPage })),
  },
  { path: 'spaceviews', element: createElement(Navigate, { to: '/graphviews', replace: true }) },
  // The directories' addresses without a view open their 2D view.
  ...['bumpscapes', 'spacemaps', 'storymaps'].map((path) => ({
    path,
    element: createElement(Navigate, { to: `/${path}/2d`, replace: true }),
  })),
  { path: 'bumpscapes/2d', lazy: lastMapPage('2D') },
  { path: 'bumpscapes/3d', lazy: lastMapPage('3D') },
  { path: 'spacemaps/2d', lazy: spaceMapPage('2D') },
  { path: 'spacemaps/3d', lazy: spaceMapPage('3D') },
  { path: 'spacemaps/2d/:id', lazy: mapViewPage('2D') },
  { path: 'spacemaps/3d/:id', lazy: mapViewPage('3D') },
  {
    path: 'storymaps/2d',
    lazy: () => import('./SpaceMapPage').then((m) => ({ Component: m.StoryMapPage })),
  },
  {
    path: 'problem/:id/recipes/:id2',
    lazy: () => import('./MapPage').then((m) => ({ Component: m.RecipePage })),
  },
  {
    path: 'waypoints',
    element: createElement(Navigate, { to: '/waypoints/myNodes', replace: true }),
  },
  { path: 'waypoints/myNodes', lazy: waypointsPage('mine') },
  { path: 'waypoints/space', lazy: waypointsPage('space') },
];
