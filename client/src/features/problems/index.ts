// The problems feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/').
import type { RouteObject } from 'react-router';

export const problemRoutes: RouteObject[] = [];
/** The plus button's Problem dialog. */
export { ProblemDialog } from './ProblemDialog';
/** Picker of the viewer's joined problems (the story dialog's Problem destination). */
export { JoinedProblemSelect } from './JoinedProblemSelect';
