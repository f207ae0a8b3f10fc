// The notifications feature's pieces for others (its routes are in routes.ts):
// - `NotificationBell`: the top bar's bell with the unread badge, live.
// - `WatchLevelMenu`: an item page's 'Notifications' choice (everything, mentions only, mute).
export { NotificationBell } from './NotificationBell';
export { WatchLevelMenu } from './WatchLevelMenu';
