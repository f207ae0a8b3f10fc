// The people feature's pieces for others (its routes are in routes.ts): the author name the post
// cards link with, a person's avatar, and the paged list of people the admin pages use.
export { AuthorName, profilePath } from './AuthorName';
export { PagedList } from './PagedList';
export { PersonAvatar } from './PersonAvatar';
