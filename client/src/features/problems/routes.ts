// The problems feature's routes, rendered inside the shell layout (paths without a leading '/').
import { createElement, type ComponentProps } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { ProblemListPage } from './ProblemListPage';

type ProblemList = ComponentProps<typeof ProblemListPage>['list'];

// Each page is a chunk of its own, loaded when its route is first visited.
const problemList = (list: ProblemList) => () =>
  import('./ProblemListPage').then((m) => ({
    element: createElement(m.ProblemListPage, { list }),
  }));
const problemPage = () => import('./ProblemPage').then((m) => ({ Component: m.ProblemPage }));
const partPage = () => import('./PartPage').then((m) => ({ Component: m.PartPage }));

export const problemRoutes: RouteObject[] = [
  {
    path: 'problems',
    element: createElement(Navigate, { to: '/problems/recent', replace: true }),
  },
  // A problem's address without its id, and the spec's older name of the priorities list.
  { path: 'problem', element: createElement(Navigate, { to: '/problems/recent', replace: true }) },
  {
    path: 'priorities',
    element: createElement(Navigate, { to: '/problems/mypriorities', replace: true }),
  },
  { path: 'problems/recent', lazy: problemList('recent') },
  { path: 'problems/myproblems', lazy: problemList('myproblems') },
  { path: 'problems/solving', lazy: problemList('solving') },
  {
    path: 'problems/mypriorities',
    lazy: () => import('./ProblemListPage').then((m) => ({ Component: m.PrioritiesPage })),
  },
  { path: 'problem/:id', lazy: problemPage },
  { path: 'problem/:id/parts/:partId', lazy: partPage },
  { path: 'problem/:id/parts/:partId/:tab', lazy: partPage },
  { path: 'problem/:id/:tab', lazy: problemPage },
];
