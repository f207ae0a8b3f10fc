// The admin feature for the app shell:
// - `adminRoutes`: /admin/allUsers, /admin/allSpaces and /manage/{overview,users,reports,data}.
// - `SpaceAnalyticsPanel` (/space/{id}/analytics) and `ManageOverviewPanel`
//   (/space/{id}/manage/analytics) for the space pages' tabs.
// - `useManageAccess` for the user menu's 'Manage' link.
export { adminRoutes } from './routes';
export { ManageOverviewPanel, SpaceAnalyticsPanel } from './AnalyticsPanels';
export { useManageAccess } from './access';
