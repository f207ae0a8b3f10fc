import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import webpush, { WebPushError } from 'web-push';
import {
  RATE_LIMITS,
  pushEndpointSchema,
  pushSubscriptionSchema,
  pushSubscriptionTextSchema,
  type NotificationKind,
} from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
import type { AppDeps, Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notifications, pushSubscriptions, spaces, userSpaces, users } from '../../db/schema';
import { parseInput } from '../../errors';
import { requireViewer } from '../../auth/guards';
import { notificationRoute } from './notification.presenter';
import { namedSpaceOfRecipient } from './notification.policy';
import { actorAndSpace, notificationText } from './notification-text';
import { notificationTitles } from './notification-titles.service';

/**
 * Web Push: browsers' subscriptions (one row per endpoint) and sending a notification event to
 * them. The per-space switch (`user_spaces.notifications`) decides what is pushed; the in-app list
 * always has everything.
 */

/** How long a push service keeps a message for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A push service that has not answered by then is given up on (the event is still in the app). */
const PUSH_TIMEOUT_MS = 10_000;
/** Pushes in flight at once per event: a busy thread must not open a socket per subscriber. */
const PUSH_CONCURRENCY = 8;
/**
 * Kinds about the person rather than a space's content: an invitation or an answer to a join
 * request comes from a space the person has no switch for yet, so it is pushed whenever they
 * subscribed. Notifications without a space (new followers) are pushed likewise.
 */
const PERSONAL_KINDS: NotificationKind[] = ['invite', 'joinAnswer'];

export function pushPublicKey(ctx: Pick<Context, 'config'>): string {
  return ctx.config.vapid.publicKey;
}

/** Whether any of the viewer's spaces has notifications on: the client then offers browser push. */
export async function pushWanted(ctx: Context): Promise<boolean> {
  if (!ctx.viewer) return false;
  const [row] = await ctx.db
    .select({ spaceId: userSpaces.spaceId })
    .from(userSpaces)
    .where(and(eq(userSpaces.userId, ctx.viewer.id), eq(userSpaces.notifications, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Stores the browser's subscription for the viewer. The endpoint identifies the browser: saving
 * it again (new keys, or another person signed in on that browser) moves it to the viewer.
 */
export async function savePushSubscription(ctx: Context, input: unknown): Promise<void> {
  const viewer = requireViewer(ctx);
  const subscription = parseInput(pushSubscriptionSchema, input, 'subscription');
  const values = {
    userId: viewer.id,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  };
  const upsert = (db: DbOrTx) =>
    db
      .insert(pushSubscriptions)
      .values({ endpoint: subscription.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  const [known] = await ctx.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
  // Each visit saves its browser again; only a browser new to the server counts (each is pushed
  // every notification).
  if (known) await upsert(ctx.db);
  else await limitedWrite(ctx.db, 'push-subscribe', viewer.id, RATE_LIMITS.pushSubscribe, upsert);
}

/** The REST body's `key`: the PushSubscription as an object or as its JSON text. */
export async function savePushSubscriptionKey(ctx: Context, key: unknown): Promise<void> {
  requireViewer(ctx);
  await savePushSubscription(
    ctx,
    typeof key === 'string' ? parseInput(pushSubscriptionTextSchema, key, 'subscription') : key,
  );
}

/** Forgets one of the viewer's browsers (they turned push off there); another's is left alone. */
export async function removePushSubscription(ctx: Context, endpoint: unknown): Promise<void> {
  const viewer = requireViewer(ctx);
  if (typeof endpoint !== 'string') return;
  const known = parseInput(pushEndpointSchema, endpoint, 'endpoint');
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, known), eq(pushSubscriptions.userId, viewer.id)));
}

const actors = alias(users, 'actors');
const recipients = alias(users, 'recipients');

type PushDeps = Pick<AppDeps, 'db' | 'config' | 'log'>;

/**
 * Pushes the notifications one event made or updated to their recipients' browsers. One query
 * reads the rows with everything the text needs and the subscriptions they go to; a push service
 * answering 404 or 410 (the browser unsubscribed) has its subscription deleted. Never rejects:
 * it runs after the write committed, and a failed push only misses the browser.
 */
export async function pushNotificationsOfEvent(deps: PushDeps, eventId: string): Promise<void> {
  try {
    const rows = await deps.db
      .select({
        notification: notifications,
        actorName: actors.displayName,
        spaceName: spaces.name,
        lang: recipients.appLang,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(notifications)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, notifications.userId))
      .innerJoin(recipients, eq(recipients.id, notifications.userId))
      .leftJoin(actors, sql`${actors.id} = ${notifications.actorIds}[1]`)
      .leftJoin(spaces, namedSpaceOfRecipient())
      .leftJoin(
        userSpaces,
        and(
          eq(userSpaces.userId, notifications.userId),
          eq(userSpaces.spaceId, notifications.spaceId),
        ),
      )
      .where(
        and(
          eq(notifications.eventId, eventId),
          or(
            isNull(notifications.spaceId),
            inArray(notifications.kind, PERSONAL_KINDS),
            eq(userSpaces.notifications, true),
          ),
        ),
      );
    const titles = await notificationTitles(
      deps.db,
      rows.map((row) => row.notification),
    );
    await eachAtMost(PUSH_CONCURRENCY, rows, async (row) => {
      const { notification } = row;
      const snippet = notification.data.snippet;
      const payload = {
        title: notificationText(row.lang, {
          ...notification,
          ...actorAndSpace(row),
          title: titles.get(notification) ?? null,
        }),
        body: (typeof snippet === 'string' && snippet) || row.spaceName || '',
        url: notificationRoute(notification),
        // The browser replaces an earlier push of the same notification (a group that grew).
        tag: notification.id,
      };
      await sendPush(deps, row, JSON.stringify(payload));
    });
  } catch (error) {
    deps.log.error({ err: error, eventId }, 'push notifications not sent');
  }
}

async function sendPush(
  deps: PushDeps,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: string,
): Promise<void> {
  try {
    await webpush.sendNotification(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        vapidDetails: deps.config.vapid,
        TTL: PUSH_TTL_SECONDS,
        timeout: PUSH_TIMEOUT_MS,
        ...(deps.config.pushAgent && { agent: deps.config.pushAgent }),
      },
    );
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await deps.db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, subscription.endpoint));
      return;
    }
    // The endpoint is a capability URL: only its push service is logged.
    deps.log.warn(
      { err: error, pushService: new URL(subscription.endpoint).host },
      'push not delivered',
    );
  }
}

/** Runs `work` on every item with at most `limit` running at once. */
async function eachAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
