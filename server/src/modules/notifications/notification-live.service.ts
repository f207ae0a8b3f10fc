import type { Context } from '../../context';
import type { Db } from '../../db/client';
import type { AppPubSub } from '../../graphql/pubsub';
import { Inbox } from '../../live/hub';
import type { Log } from '../../log';
import { unauthenticated } from '../../errors';
import {
  loadEventForRecipients,
  loadUnreadTotal,
  type NotificationRow,
} from './notification.service';

/** What a subscriber receives: the new total, and the notification an event made (if any). */
export interface NotificationsChange {
  totalNotifications: number;
  notification: NotificationRow | null;
}

/**
 * The notification subscribers of one process, by user id. Per event it loads the touched rows of
 * its own connected recipients only, with their totals, in one statement, and pushes each to that
 * person's inboxes; visibility was decided when the rows were made.
 */
class NotificationListeners {
  private readonly inboxes = new Map<string, Set<Inbox<NotificationsChange>>>();

  constructor(
    private readonly db: Db,
    pubsub: AppPubSub,
    private readonly log: Log,
  ) {
    void this.follow(pubsub.subscribe('notifications'), (payload) => this.deliver(payload.eventId));
    void this.follow(pubsub.subscribe('notificationsRead'), (payload) =>
      this.refreshTotal(payload.userId),
    );
  }

  /** One event at a time per topic, so a person's changes arrive in the order published. */
  private async follow<Payload>(
    events: AsyncIterable<Payload>,
    handle: (payload: Payload) => Promise<void>,
  ) {
    for await (const payload of events) {
      try {
        await handle(payload);
      } catch (error) {
        this.log.error({ err: error }, 'live notification not delivered');
      }
    }
  }

  private async deliver(eventId: string) {
    if (this.inboxes.size === 0) return;
    const rows = await loadEventForRecipients(this.db, eventId, [...this.inboxes.keys()]);
    for (const { notification, total } of rows) {
      const change = { totalNotifications: Number(total), notification };
      for (const inbox of this.inboxes.get(notification.userId) ?? []) inbox.push(change);
    }
  }

  private async refreshTotal(userId: string) {
    const inboxes = this.inboxes.get(userId);
    if (!inboxes?.size) return;
    const change = {
      totalNotifications: await loadUnreadTotal(this.db, userId),
      notification: null,
    };
    for (const inbox of inboxes) inbox.push(change);
  }

  subscribe(userId: string, signal?: AbortSignal): Inbox<NotificationsChange> {
    const onAbort = () => inbox.close();
    const inbox = new Inbox<NotificationsChange>(() => {
      signal?.removeEventListener('abort', onAbort);
      const own = this.inboxes.get(userId);
      own?.delete(inbox);
      if (own?.size === 0) this.inboxes.delete(userId);
    });
    const own = this.inboxes.get(userId) ?? new Set();
    own.add(inbox);
    this.inboxes.set(userId, own);
    if (signal?.aborted) inbox.close();
    else signal?.addEventListener('abort', onAbort, { once: true });
    return inbox;
  }
}

/** One set of listeners per process (per pubsub: tests run several servers in one process). */
const listenersByPubSub = new WeakMap<AppPubSub, NotificationListeners>();

function listenersOf(ctx: Context): NotificationListeners {
  let listeners = listenersByPubSub.get(ctx.pubsub);
  if (!listeners) {
    listeners = new NotificationListeners(ctx.db, ctx.pubsub, ctx.log);
    listenersByPubSub.set(ctx.pubsub, listeners);
  }
  return listeners;
}

/** The viewer's notification changes as they happen; signed out, UNAUTHENTICATED. */
export function notificationChangesOf(ctx: Context): AsyncIterableIterator<NotificationsChange> {
  if (!ctx.viewer) throw unauthenticated();
  return listenersOf(ctx).subscribe(ctx.viewer.id, ctx.connection?.signal);
}
