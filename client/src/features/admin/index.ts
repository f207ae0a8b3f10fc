// The admin feature's pieces for others (its routes are in routes.tsx):
// - `useManageAccess` for the user menu's 'Manage' link.
// - `SpaceAnalyticsPanel` (/space/{id}/analytics) and `ManageOverviewPanel`
//   (/space/{id}/manage/analytics) for the space pages' tabs.
export { useManageAccess } from './access';
export { ManageOverviewPanel, SpaceAnalyticsPanel } from './AnalyticsPanels';
