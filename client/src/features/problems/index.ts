// The problems feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/').
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PartPage } from './PartPage';
import { PrioritiesPage, ProblemListPage } from './ProblemListPage';
import { ProblemPage } from './ProblemPage';

export const problemRoutes: RouteObject[] = [
  {
    path: 'problems',
    element: createElement(Navigate, { to: '/problems/recent', replace: true }),
  },
  {
    path: 'problems/recent',
    element: createElement(ProblemListPage, { list: 'recent' }),
  },
  {
    path: 'problems/myproblems',
    element: createElement(ProblemListPage, { list: 'myproblems' }),
  },
  {
    path: 'problems/solving',
    element: createElement(ProblemListPage, { list: 'solving' }),
  },
  { path: 'problems/mypriorities', Component: PrioritiesPage },
  { path: 'problem/:id', Component: ProblemPage },
  { path: 'problem/:id/parts/:partId', Component: PartPage },
  { path: 'problem/:id/parts/:partId/:tab', Component: PartPage },
  { path: 'problem/:id/:tab', Component: ProblemPage },
];
/** The plus button's Problem dialog. */
export { ProblemDialog } from './ProblemDialog';
/** The tab strip of the /problems/* pages (the problem alerts page shows it too). */
export { ProblemListTabs } from './ProblemListPage';
/** Picker of the viewer's joined problems (the story dialog's Problem destination). */
export { JoinedProblemSelect } from './JoinedProblemSelect';
