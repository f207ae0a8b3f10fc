// The admin feature for the app shell:
// - `adminRoutes`: /admin/allUsers, /admin/allSpaces and /manage/{overview,users,reports,data}.
// - AnalyticsPanels.tsx: `SpaceAnalyticsPanel` (/space/{id}/analytics) and `ManageOverviewPanel`
//   (/space/{id}/manage/analytics) for the space pages' tabs, imported from that module so they
//   load with the space page, not with the shell.
// - `useManageAccess` for the user menu's 'Manage' link.
export { adminRoutes } from './routes';
export { useManageAccess } from './access';
