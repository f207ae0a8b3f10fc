// The bookmarks feature's pieces for others (its routes are in routes.ts): the toggle for stories,
// problems, solutions, skills and maps.
export { BookmarkButton } from './BookmarkButton';
