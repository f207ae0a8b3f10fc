// The skills feature's contract with the app shell: routes rendered inside the shell layout
// (paths without a leading '/').
import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SkillListPage } from './SkillListPage';
import { SkillPage } from './SkillPage';

export const skillRoutes: RouteObject[] = [
  {
    path: 'skills',
    element: createElement(Navigate, { to: '/skills/public', replace: true }),
  },
  {
    path: 'skills/public',
    element: createElement(SkillListPage, { list: 'public' }),
  },
  {
    path: 'skills/myskills',
    element: createElement(SkillListPage, { list: 'myskills' }),
  },
  { path: 'skill/:id', Component: SkillPage },
  { path: 'skill/:id/:tab', Component: SkillPage },
];
