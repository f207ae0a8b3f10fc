// Contract between the app shell and the stories feature (the stories helper replaces this stub):
// - `storyRoutes`: route objects rendered inside the shell layout (paths without a leading '/').
// - `StoryDialog`: the plus button's Story dialog.
import type { RouteObject } from 'react-router';

export const storyRoutes: RouteObject[] = [];
export { StoryDialog } from './StoryDialog';
