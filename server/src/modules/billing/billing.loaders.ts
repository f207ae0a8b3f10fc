import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { subscriptionRowsOf, type SubscriptionRow } from './subscription-state.service';

/** An account's subscription row for `accountType` and `subscription`: one statement per page of people. */
export const createBillingLoaders = (db: Db) => ({
  subscriptionByUser: new DataLoader<string, SubscriptionRow | null>(async (userIds) => {
    const rows = await subscriptionRowsOf(db, userIds);
    return userIds.map((id) => rows.get(id) ?? null);
  }),
});
