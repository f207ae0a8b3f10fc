// The moderation feature's pieces for others (its routes are in routes.ts):
// - `ReportDialogProvider` (at the app root) and `useReport()`: the report dialog from any menu.
// - `ReportQueue`: the moderators' queue, for /space/{id}/manage/reports and /manage/reports.
// - `HiddenBadge` for cards and pages, `SuspendedBanner` for the shell, `SuspendDialog` for admins.
export { HiddenBadge } from './HiddenBadge';
export { ReportDialogProvider, useReport } from './reportDialogContext';
export { PostActionsMenu, ReportMenu, ReportPersonMenu } from './ReportMenu';
export { ReportQueue } from './ReportQueue';
export type { ReportTarget } from './reportTargets';
export { SuspendDialog } from './SuspendDialog';
export { SuspendedBanner } from './SuspendedBanner';
