// The bookmarks feature's routes: /bookmarks, loaded when visited.
import type { RouteObject } from 'react-router';

export const bookmarkRoutes: RouteObject[] = [
  {
    path: 'bookmarks',
    lazy: () => import('./BookmarksPage').then((m) => ({ Component: m.BookmarksPage })),
  },
];
