// The solutions feature's routes, rendered inside the shell layout (paths without a leading '/').
import { createElement, type ComponentProps } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { SolutionListPage } from './SolutionListPage';

type SolutionList = ComponentProps<typeof SolutionListPage>['list'];

// Each page is a chunk of its own, loaded when its route is first visited.
const solutionList = (list: SolutionList) => () =>
  import('./SolutionListPage').then((m) => ({
    element: createElement(m.SolutionListPage, { list }),
  }));
const solutionPage = () => import('./SolutionPage').then((m) => ({ Component: m.SolutionPage }));

export const solutionRoutes: RouteObject[] = [
  {
    path: 'solutions',
    element: createElement(Navigate, {
      to: '/solutions/recent',
      replace: true,
    }),
  },
  // A solution's address without its id.
  {
    path: 'solution',
    element: createElement(Navigate, { to: '/solutions/recent', replace: true }),
  },
  { path: 'solutions/recent', lazy: solutionList('recent') },
  { path: 'solutions/mysolutions', lazy: solutionList('mysolutions') },
  { path: 'solution/:id', lazy: solutionPage },
  { path: 'solution/:id/:tab', lazy: solutionPage },
  { path: 'problem/:problemId/solutions/:id', lazy: solutionPage },
  { path: 'problem/:problemId/solutions/:id/:tab', lazy: solutionPage },
  // The voters tab: who upvoted, who downvoted (the counter chips lead here).
  { path: 'problem/:problemId/solutions/:id/voters/:kind', lazy: solutionPage },
];
