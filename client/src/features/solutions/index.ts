// The solutions feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/').
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SolutionListPage } from './SolutionListPage';
import { SolutionPage } from './SolutionPage';

export const solutionRoutes: RouteObject[] = [
  {
    path: 'solutions',
    element: createElement(Navigate, {
      to: '/solutions/recent',
      replace: true,
    }),
  },
  {
    path: 'solutions/recent',
    element: createElement(SolutionListPage, { list: 'recent' }),
  },
  {
    path: 'solutions/mysolutions',
    element: createElement(SolutionListPage, { list: 'mysolutions' }),
  },
  { path: 'solution/:id', Component: SolutionPage },
  { path: 'solution/:id/:tab', Component: SolutionPage },
  { path: 'problem/:problemId/solutions/:id', Component: SolutionPage },
  { path: 'problem/:problemId/solutions/:id/:tab', Component: SolutionPage },
  // The voters tab: who upvoted, who downvoted (the counter chips lead here).
  { path: 'problem/:problemId/solutions/:id/voters/:kind', Component: SolutionPage },
];

/** The plus button's Solution dialog. */
export { SolutionDialog } from './SolutionDialog';
/** The solutions of one problem (the problem page's Solutions tab). */
export { ProblemSolutions } from './ProblemSolutions';
