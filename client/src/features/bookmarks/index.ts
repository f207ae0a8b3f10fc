// The bookmarks feature: the toggle for stories, problems, solutions and skills, and /bookmarks.
import type { RouteObject } from 'react-router';
import { BookmarksPage } from './BookmarksPage';

export const bookmarkRoutes: RouteObject[] = [{ path: 'bookmarks', Component: BookmarksPage }];

export { BookmarkButton } from './BookmarkButton';
