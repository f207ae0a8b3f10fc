// The billing feature's pieces for others (its pages are in routes.tsx): the account settings'
// plan badge and the Subscription settings tab, each with this feature's texts.
export { PlanBadge } from './PlanBadge';
export { SubscriptionPanel } from './SubscriptionPanel';
export { loadBillingTexts } from './billingTexts';
