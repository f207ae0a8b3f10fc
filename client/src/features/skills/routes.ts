// The skills feature's routes, rendered inside the shell layout (paths without a leading '/').
import { createElement, type ComponentProps } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { SkillListPage } from './SkillListPage';

type SkillList = ComponentProps<typeof SkillListPage>['list'];

// Each page is a chunk of its own, loaded when its route is first visited.
const skillList = (list: SkillList) => () =>
  import('./SkillListPage').then((m) => ({ element: createElement(m.SkillListPage, { list }) }));
const skillPage = () => import('./SkillPage').then((m) => ({ Component: m.SkillPage }));

export const skillRoutes: RouteObject[] = [
  {
    path: 'skills',
    element: createElement(Navigate, { to: '/skills/public', replace: true }),
  },
  // A skill's address without its id.
  { path: 'skill', element: createElement(Navigate, { to: '/skills/public', replace: true }) },
  { path: 'skills/public', lazy: skillList('public') },
  { path: 'skills/myskills', lazy: skillList('myskills') },
  { path: 'skill/:id', lazy: skillPage },
  { path: 'skill/:id/:tab', lazy: skillPage },
];
