// The moderation feature's routes: /myreports, /reports, /reportsTable and /space/{id}/reports.
import type { RouteObject } from 'react-router';

// The four report pages share one chunk, loaded when one of them is first visited.
export const moderationRoutes: RouteObject[] = [
  {
    path: 'myreports',
    lazy: () => import('./ReportPages').then((m) => ({ Component: m.MyReportsPage })),
  },
  {
    path: 'reports',
    lazy: () => import('./ReportPages').then((m) => ({ Component: m.ReportsPage })),
  },
  {
    path: 'reportsTable',
    lazy: () => import('./ReportPages').then((m) => ({ Component: m.ReportsTablePage })),
  },
  {
    path: 'space/:id/reports',
    lazy: () => import('./ReportPages').then((m) => ({ Component: m.SpaceReportsPage })),
  },
];
