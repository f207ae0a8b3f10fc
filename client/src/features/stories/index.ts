// The stories feature for the app shell:
// - `storyRoutes`: children of the shell layout (paths without a leading '/'), the following feed
//   'stories/feed' included.
// - `StoryDialog`: the plus button's Story dialog.
import type { RouteObject } from 'react-router';
import { FollowingFeedPage } from './FollowingFeedPage';
import { AnonymousStoriesPage, MyDraftsPage, MyStoriesPage } from './OwnStoriesPage';
import { StoryFeedPage } from './StoryFeedPage';
import { StoryPage } from './StoryPage';

export const storyRoutes: RouteObject[] = [
  { path: 'stories/recent', Component: StoryFeedPage },
  { path: 'stories/feed', Component: FollowingFeedPage },
  { path: 'stories/mystories', Component: MyStoriesPage },
  { path: 'stories/mydrafts', Component: MyDraftsPage },
  { path: 'anonymous/stories', Component: AnonymousStoriesPage },
  { path: 'story/:id', Component: StoryPage },
];

export { StoryDialog } from './StoryDialog';
/** The stories posted to one problem (the problem page's Stories tab). */
export { ProblemStories } from './ProblemStories';
