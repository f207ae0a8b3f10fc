// The reactions feature: the button for reactable items (stories, problems, solutions, comments)
// and the /reactions page.
import type { RouteObject } from 'react-router';

export const reactionRoutes: RouteObject[] = [
  {
    path: 'reactions',
    lazy: () => import('./ReactionsPage').then((m) => ({ Component: m.ReactionsPage })),
  },
];

export { ReactionButton } from './ReactionButton';
