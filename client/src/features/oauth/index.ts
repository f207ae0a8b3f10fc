// The OAuth feature's pieces for the settings page (its consent route is in routes.tsx).
export { AuthorizedAppsCard } from './AuthorizedAppsCard';
export { OAuthAppsCard } from './OAuthAppsCard';
