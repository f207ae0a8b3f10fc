// The solutions feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/').
import type { RouteObject } from 'react-router';

export const solutionRoutes: RouteObject[] = [];
/** The plus button's Solution dialog. */
export { SolutionDialog } from './SolutionDialog';
/** The solutions of one problem (the problem page's Solutions tab). */
export { ProblemSolutions } from './ProblemSolutions';
