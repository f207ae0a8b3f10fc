import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';

/** A page of this feature, with its texts (locales/<lang>/billing.json). */
const page = async (load: () => Promise<ComponentType>) => {
  const [{ loadBillingTexts }, Component] = await Promise.all([import('./billingTexts'), load()]);
  await loadBillingTexts();
  return { Component };
};

/**
 * /pricing/:tab, /benefits/:tab (the spec's children of each are tabs of one page), /stripe
 * (Checkout's return) and /subscriptions/manage, loaded when visited. /settings/subscriptions is
 * a settings tab (features/users/routes.tsx).
 */
export const billingRoutes: RouteObject[] = [
  { path: 'pricing', element: <Navigate to="options" replace /> },
  {
    path: 'pricing/:tab',
    lazy: () => page(() => import('./PricingPage').then((m) => m.PricingPage)),
  },
  { path: 'benefits', element: <Navigate to="overview" replace /> },
  {
    path: 'benefits/:tab',
    lazy: () => page(() => import('./BenefitsPage').then((m) => m.BenefitsPage)),
  },
  {
    path: 'stripe',
    lazy: () => page(() => import('./StripeReturnPage').then((m) => m.StripeReturnPage)),
  },
  { path: 'subscriptions', element: <Navigate to="manage" replace /> },
  {
    path: 'subscriptions/manage',
    lazy: () => page(() => import('./SubscriptionPanel').then((m) => m.ManageSubscriptionPage)),
  },
];
