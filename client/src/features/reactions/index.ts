// The reactions feature: the button for reactable items (stories, problems, solutions, comments)
// and the /reactions page.
import type { RouteObject } from 'react-router';
import { ReactionsPage } from './ReactionsPage';

export const reactionRoutes: RouteObject[] = [{ path: 'reactions', Component: ReactionsPage }];

export { ReactionButton } from './ReactionButton';
