// The bookmarks feature: the toggle for stories, problems, solutions, skills and maps, and /bookmarks.
import type { RouteObject } from 'react-router';

export const bookmarkRoutes: RouteObject[] = [
  {
    path: 'bookmarks',
    lazy: () => import('./BookmarksPage').then((m) => ({ Component: m.BookmarksPage })),
  },
];

export { BookmarkButton } from './BookmarkButton';
