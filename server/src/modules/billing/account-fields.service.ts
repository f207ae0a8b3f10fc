import type { AccountType } from '@rules';
import { requireViewer } from '../../auth/guards';
import type { Context } from '../../context';
import { requireStripe } from './stripe-client';
import {
  accountTypeOf,
  presentSubscription,
  type SubscriptionRow,
  type SubscriptionView,
} from './subscription-state.service';

/** The account fields a user shows (000 §3): the type to anyone, the subscription to its owner. */

export interface AccountFields {
  accountType: AccountType;
  isPremiumUser: boolean;
  subscription: SubscriptionView | null;
}

/** A user's fields from their subscription row; `subscription` only when the viewer is them. */
export function accountFieldsFrom(
  ctx: Context,
  userId: string,
  row: SubscriptionRow | null,
): AccountFields {
  const accountType = accountTypeOf(row);
  return {
    accountType,
    isPremiumUser: accountType === 'premium',
    subscription: row && ctx.viewer?.id === userId ? presentSubscription(row) : null,
  };
}

export async function accountFieldsOf(ctx: Context, userId: string): Promise<AccountFields> {
  return accountFieldsFrom(ctx, userId, await ctx.loaders.subscriptionByUser.load(userId));
}

/** `GET /subscriptions`: the viewer's subscription, or null when they never subscribed. */
export async function mySubscription(ctx: Context): Promise<SubscriptionView | null> {
  const viewer = requireViewer(ctx);
  requireStripe(ctx.config);
  return (await accountFieldsOf(ctx, viewer.id)).subscription;
}
