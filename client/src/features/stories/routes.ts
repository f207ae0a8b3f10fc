// The stories feature's routes: children of the shell layout (paths without a leading '/'), the
// following feed 'stories/feed' included.
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { StoryFeedPage } from './StoryFeedPage';

const to = (path: string) => createElement(Navigate, { to: path, replace: true });

// The recent feed is where the app opens: it ships with the shell. Every other page is a chunk of
// its own, loaded when its route is first visited.
export const storyRoutes: RouteObject[] = [
  // Addresses without a list (or a story) go to the space's stories, as /problems does: the
  // story dialog opens from the Post and plus buttons, not from an address. /mystories is the
  // spec's older name of the viewer's own list.
  { path: 'stories', element: to('/stories/recent') },
  { path: 'story', element: to('/stories/recent') },
  { path: 'mystories', element: to('/stories/mystories') },
  { path: 'anonymous', element: to('/anonymous/stories') },
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
