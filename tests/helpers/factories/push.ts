import { eq } from 'drizzle-orm';
import { pushSubscriptions, users } from '../../../server/src/db/schema';
import { gqlData, rest } from '../clients';
import type { TestServer } from '../server';
import { SET_SPACE_NOTIFICATIONS } from './notifications';
import type { TestUser } from './users';

/** Web Push subscriptions and the e-mail digest: builders and small calls for their tests. */

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const SAVE_PUSH_SUBSCRIPTION = `mutation($subscription: PushSubscriptionInput!) {
  savePushSubscription(subscription: $subscription) }`;
export const REMOVE_PUSH_SUBSCRIPTION = `mutation($endpoint: String!) { removePushSubscription(endpoint: $endpoint) }`;
export const SET_DIGEST_EMAILS = `mutation($on: Boolean!) { setDigestEmails(on: $on) { id digestEmails } }`;

/** `user`'s browser subscribes over GraphQL. */
export async function savePushSubscription(
  server: TestServer,
  user: TestUser,
  subscription: PushSubscriptionJson,
) {
  await gqlData(server.url, SAVE_PUSH_SUBSCRIPTION, { subscription }, { token: user.token });
}

/** `user`'s browser subscribes over REST, the subscription as JSON text as the spec's client sends it. */
export const savePushSubscriptionOverRest = (
  server: TestServer,
  user: TestUser | null,
  key: unknown,
) => rest(server.url, 'POST', '/api/notifications/updateKeys', { key }, user?.token);

/** The endpoints stored for a person. */
export async function pushEndpointsOf(server: TestServer, user: TestUser): Promise<string[]> {
  const rows = await server.deps.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id));
  return rows.map((row) => row.endpoint).sort();
}

/** The per-space switch that governs push (the notifications module's mutation). */
export async function setSpaceNotifications(
  server: TestServer,
  user: TestUser,
  spaceId: string,
  on: boolean,
) {
  await gqlData(server.url, SET_SPACE_NOTIFICATIONS, { spaceId, on }, { token: user.token });
}

/** `user`'s digest setting through GraphQL; answers it as `me` shows it. */
export async function setDigestEmails(server: TestServer, user: TestUser, on: boolean) {
  const data = await gqlData<{ setDigestEmails: { digestEmails: boolean } }>(
    server.url,
    SET_DIGEST_EMAILS,
    { on },
    { token: user.token },
  );
  return data.setDigestEmails.digestEmails;
}

/**
 * Arranges when the person was last here (a request records it at most every few minutes, and a
 * test cannot wait a day): the digest runs at a time of the test's choosing relative to it.
 */
export async function lastSeenAt(server: TestServer, user: TestUser, at: Date) {
  await server.deps.db.update(users).set({ lastSeenAt: at }).where(eq(users.id, user.id));
}
