// The moderation feature for the app shell:
// - `moderationRoutes`: /myreports, /reports, /reportsTable and /space/{id}/reports.
// - `ReportDialogProvider` (at the app root) and `useReport()`: the report dialog from any menu.
// - ReportQueue.tsx: the moderators' queue, for /space/{id}/manage/reports and /manage/reports too
//   (imported from that module, so it loads with those pages, not with the shell).
// - `HiddenBadge` for cards and pages, `SuspendedBanner` for the shell.
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

export { ReportDialogProvider, useReport } from './reportDialogContext';
export { ReportMenu, ReportPersonMenu } from './ReportMenu';
export { HiddenBadge } from './HiddenBadge';
export { SuspendedBanner } from './SuspendedBanner';
export type { ReportTarget } from './reportTargets';
