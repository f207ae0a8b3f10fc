// The reactions feature's pieces for others (its routes are in routes.ts): the button for
// reactable items (stories, problems, solutions, comments), and the list of engaged items the
// bookmarks page shares.
export {
  EngagedItemCard,
  engagedItemLink,
  engagedItemTitle,
  engagedPostTitle,
} from './EngagedItemCard';
export { EngagedItemsPage } from './EngagedItemsPage';
export { ReactionButton } from './ReactionButton';
