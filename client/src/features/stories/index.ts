// The stories feature's pieces for others (its routes are in routes.ts).
/** The plus button's Story dialog. */
export { StoryDialog } from './StoryDialog';
/** The stories posted to one problem (the problem page's Stories tab). */
export { ProblemStories } from './ProblemStories';
export { StoryCard } from './StoryCard';
export { StoryList } from './StoryList';
export { useStoryActions } from './useStoryActions';
