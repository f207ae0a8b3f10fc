// The moderation feature for the app shell:
// - `moderationRoutes`: /myreports, /reports, /reportsTable and /space/{id}/reports.
// - `ReportDialogProvider` (at the app root) and `useReport()`: the report dialog from any menu.
// - `ReportQueue`: the moderators' queue, for /space/{id}/manage/reports and /manage/reports too.
// - `HiddenBadge` for cards and pages, `SuspendedBanner` for the shell.
import type { RouteObject } from 'react-router';
import { MyReportsPage, ReportsPage, ReportsTablePage, SpaceReportsPage } from './ReportPages';

export const moderationRoutes: RouteObject[] = [
  { path: 'myreports', Component: MyReportsPage },
  { path: 'reports', Component: ReportsPage },
  { path: 'reportsTable', Component: ReportsTablePage },
  { path: 'space/:id/reports', Component: SpaceReportsPage },
];

export { ReportDialogProvider, useReport } from './ReportDialog';
export { ReportMenu, ReportPersonMenu } from './ReportMenu';
export { ReportQueue } from './ReportQueue';
export { HiddenBadge } from './HiddenBadge';
export { SuspendedBanner } from './SuspendedBanner';
export type { ReportTarget } from './reportTargets';
