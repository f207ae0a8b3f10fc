// The tags feature's pieces for others (its routes are in routes.ts).
/** The follow-tags dialog (the following feed's empty state opens it). */
export { FollowTagsDialog } from './FollowTagsDialog';
