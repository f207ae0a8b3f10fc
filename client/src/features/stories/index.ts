// The stories feature for the app shell:
// - `storyRoutes`: children of the shell layout (paths without a leading '/'), the following feed
//   'stories/feed' included.
// - `StoryDialog`: the plus button's Story dialog.
import type { RouteObject } from 'react-router';
import { StoryFeedPage } from './StoryFeedPage';

// The recent feed is where the app opens: it ships with the shell. Every other page is a chunk of
// its own, loaded when its route is first visited.
export const storyRoutes: RouteObject[] = [
  { path: 'stories/recent', Component: StoryFeedPage },
  {
    path: 'stories/feed',
    lazy: () => import('./FollowingFeedPage').then((m) => ({ Component: m.FollowingFeedPage })),
  },
  {
    path: 'stories/mystories',
    lazy: () => import('./OwnStoriesPage').then((m) => ({ Component: m.MyStoriesPage })),
  },
  {
    path: 'stories/mydrafts',
    lazy: () => import('./OwnStoriesPage').then((m) => ({ Component: m.MyDraftsPage })),
  },
  {
    path: 'anonymous/stories',
    lazy: () => import('./OwnStoriesPage').then((m) => ({ Component: m.AnonymousStoriesPage })),
  },
  {
    path: 'story/:id',
    lazy: () => import('./StoryPage').then((m) => ({ Component: m.StoryPage })),
  },
];

export { StoryDialog } from './StoryDialog';
/** The stories posted to one problem (the problem page's Stories tab). */
export { ProblemStories } from './ProblemStories';
