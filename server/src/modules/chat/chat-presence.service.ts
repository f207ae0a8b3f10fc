import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { chatStatuses, liveProcesses, liveSockets, users } from '../../db/schema';
import type { AppPubSub, Topics } from '../../graphql/pubsub';
import type { Log } from '../../log';
import { presenceIdsSchema, type PresenceState } from '@rules';
import type { Context } from '../../context';
import { parseInput, unauthenticated } from '../../errors';
import { endWithSignal, Inbox } from '../../live/hub';
import { presenceShownTo, sharesPresence } from './chat-presence.policy';

/** A person's chat status as GraphQL shows it (ChatPresence). */
export interface Presence {
  userId: string;
  state: PresenceState;
  lastSeen: Date | null;
}

/** How often a process says it is alive, and how long a silent one counts as dead. */
export const PRESENCE_BEAT_MS = 5_000;
export const PRESENCE_DEAD_AFTER_MS = 20_000;

/** What someone whose presence the viewer may not see looks like: never connected. */
const unseen = (userId: string): Presence => ({ userId, state: 'offline', lastSeen: null });

/**
 * People's presence as the viewer may see it (presenceShownTo), in the order asked; anyone else,
 * and someone never seen, is offline with no lastSeen.
 */
export async function presenceOf(
  db: DbOrTx,
  viewerId: string | null,
  userIds: readonly string[],
): Promise<Presence[]> {
  const rows =
    userIds.length && viewerId
      ? await db
          .select({
            userId: chatStatuses.userId,
            state: chatStatuses.state,
            lastSeen: chatStatuses.lastSeen,
          })
          .from(chatStatuses)
          .innerJoin(users, eq(users.id, chatStatuses.userId))
          .where(and(inArray(chatStatuses.userId, [...userIds]), presenceShownTo(viewerId)))
      : [];
  const byId = new Map(rows.map((row) => [row.userId, row]));
  return userIds.map((userId) => byId.get(userId) ?? unseen(userId));
}

/** The chatPresence query: signed-in people only, at most PRESENCE_IDS_MAX ids. */
export async function chatPresence(ctx: Context, userIds: unknown): Promise<Presence[]> {
  if (!ctx.viewer) throw unauthenticated();
  return presenceOf(ctx.db, ctx.viewer.id, parseInput(presenceIdsSchema, userIds, 'userIds'));
}

/**
 * Tells the person's watchers their presence as it now is, after they hid or showed it: the
 * `presence` event is judged per subscriber like any transition, so a hidden person's watchers
 * see them go offline with no last seen, and nothing of their real state.
 */
export async function republishPresence(db: DbOrTx, pubsub: AppPubSub, userId: string) {
  const [status] = await db
    .select({ state: chatStatuses.state, lastSeen: chatStatuses.lastSeen })
    .from(chatStatuses)
    .where(eq(chatStatuses.userId, userId));
  pubsub.publish('presence', {
    userId,
    state: status?.state ?? 'offline',
    lastSeen: status?.lastSeen?.toISOString() ?? null,
  });
}

/** One signed-in socket's place in presence: `closed()` when the socket closes. */
export interface PresenceSocket {
  closed(): void;
}

/**
 * Presence across processes (000 §3 user chat status): a person is online while any of their
 * signed-in websockets is open in any live process, and offline since lastSeen when the last one
 * closes. Each process registers itself in `live_processes` and beats every few seconds; each
 * socket has a `live_sockets` row. A transition is decided in one transaction holding the
 * person's `chat_statuses` row lock, so two sockets closing at once publish one `presence` event.
 * A process that stops beating (it died) is swept by the others, its people marked offline.
 */
export class PresenceTracker {
  readonly processId = randomUUID();
  private readonly pending = new Set<Promise<unknown>>();
  private beat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly pubsub: AppPubSub,
    private readonly log: Log,
    /** On embedded PGlite this is the only process: rows of any other are left from a crash. */
    private readonly onlyProcess: boolean,
  ) {}

  async start() {
    await this.db.insert(liveProcesses).values({ id: this.processId });
    // Embedded PGlite is one process: whatever another left is from a crash, and goes now.
    await this.sweep(this.onlyProcess);
    this.beat = setInterval(() => this.track(this.heartbeat()), PRESENCE_BEAT_MS);
    this.beat.unref();
  }

  /** A signed-in socket of `userId` opened in this process. */
  connected(userId: string): PresenceSocket {
    // A process shutting down writes its people's last state in close().
    if (this.closed) return { closed: () => {} };
    const socketId = randomUUID();
    const opened = this.track(
      this.transition(userId, async (tx) => {
        await tx.insert(liveSockets).values({ id: socketId, processId: this.processId, userId });
      }),
    );
    return {
      closed: () => {
        if (this.closed) return;
        void this.track(
          opened.then(() =>
            this.transition(userId, (tx) =>
              tx.delete(liveSockets).where(eq(liveSockets.id, socketId)),
            ),
          ),
        );
      },
    };
  }

  /**
   * Changes a person's sockets under their status row lock, then sets the state their remaining
   * sockets in live processes imply, publishing only a change.
   */
  private async transition(userId: string, change: (tx: DbOrTx) => Promise<unknown>) {
    const published = await this.db.transaction(async (tx) => {
      await tx.insert(chatStatuses).values({ userId }).onConflictDoNothing();
      const [status] = await tx
        .select({ state: chatStatuses.state })
        .from(chatStatuses)
        .where(eq(chatStatuses.userId, userId))
        .for('update');
      await change(tx);
      const [sockets] = await tx
        .select({ open: sql<number>`count(*)::int` })
        .from(liveSockets)
        .where(eq(liveSockets.userId, userId));
      const state: PresenceState = (sockets?.open ?? 0) > 0 ? 'online' : 'offline';
      if (!status || status.state === state) return null;
      const now = new Date();
      const [row] = await tx
        .update(chatStatuses)
        .set(
          state === 'online'
            ? { state, updatedAt: now }
            : { state, lastSeen: now, activeConversationId: null, updatedAt: now },
        )
        .where(eq(chatStatuses.userId, userId))
        .returning({ lastSeen: chatStatuses.lastSeen });
      return { userId, state, lastSeen: row?.lastSeen?.toISOString() ?? null };
    });
    if (published) this.pubsub.publish('presence', published);
  }

  private async heartbeat() {
    if (this.closed) return;
    // Re-inserted if another process swept this one during a long pause (its sockets are then
    // gone from the table, and their people offline until they reconnect).
    await this.db
      .insert(liveProcesses)
      .values({ id: this.processId })
      .onConflictDoUpdate({ target: liveProcesses.id, set: { beatAt: sql`now()` } });
    await this.sweep();
  }

  /**
   * Removes processes silent for PRESENCE_DEAD_AFTER_MS (`everyOther`: all but this one), and
   * sets the presence of people left without a socket.
   */
  private async sweep(everyOther = false) {
    const silent = lt(liveProcesses.beatAt, new Date(Date.now() - PRESENCE_DEAD_AFTER_MS));
    const dead = await this.db
      .delete(liveProcesses)
      .where(and(ne(liveProcesses.id, this.processId), everyOther ? undefined : silent))
      .returning({ id: liveProcesses.id });
    if (!dead.length && !everyOther) return;
    // Their sockets went with them (cascade); whoever has no other socket left goes offline.
    const stale = await this.db
      .select({ userId: chatStatuses.userId })
      .from(chatStatuses)
      .where(
        and(
          eq(chatStatuses.state, 'online'),
          sql`not exists (select 1 from ${liveSockets} where ${liveSockets.userId} = ${chatStatuses.userId})`,
        ),
      );
    for (const { userId } of stale) await this.transition(userId, async () => {});
  }

  private track<T>(work: Promise<T>): Promise<T> {
    const tracked = work.catch((error: unknown) => {
      this.log.error({ err: error }, 'presence not updated');
    }) as Promise<T>;
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return tracked;
  }

  /** Stops beating after the sockets' own closes are written; the process row goes last. */
  async close() {
    this.closed = true;
    if (this.beat) clearInterval(this.beat);
    while (this.pending.size) await Promise.all([...this.pending]);
    const rows = await this.db
      .select({ userId: liveSockets.userId })
      .from(liveSockets)
      .where(eq(liveSockets.processId, this.processId));
    await this.db.delete(liveProcesses).where(eq(liveProcesses.id, this.processId));
    for (const userId of new Set(rows.map((row) => row.userId)))
      await this.transition(userId, async () => {}).catch(() => {});
  }
}

/** One `presenceChanged` subscription. */
interface PresenceSubscriber {
  viewerId: string;
  inbox: Inbox<Presence>;
  /**
   * What it was last told of each person it follows, as it may see them (first what chatPresence
   * answered when it subscribed): a change it may not see, or that looks the same to it, is
   * not sent, so a hidden person's comings and goings send nothing.
   */
  told: Promise<Map<string, string>>;
}

const shownAs = (presence: Presence) => `${presence.state}:${presence.lastSeen?.getTime() ?? ''}`;
const viewers = alias(users, 'presence_viewers');

/**
 * The `presenceChanged` subscribers of one process: it listens once to the `presence` topic and
 * hands each event to the subscriptions following that person who may see it, judged for all of
 * them in one statement per event (sharesPresence, the rule chatPresence applies). A person's
 * co-members receive their changes, offline with no last seen while they hide them; anyone else
 * receives nothing, checked again at every event.
 */
export class PresenceChanges {
  private readonly subscribers = new Map<string, Set<PresenceSubscriber>>();
  private readonly stop: () => void;

  constructor(
    private readonly db: Db,
    pubsub: AppPubSub,
    log: Log,
  ) {
    const events = pubsub.subscribe('presence');
    this.stop = () => void events.return?.();
    void (async () => {
      for await (const event of events) {
        try {
          await this.onPresence(event);
        } catch (error) {
          log.error({ err: error, topic: 'presence' }, 'live chat event not delivered');
        }
      }
    })();
  }

  /** Presence changes of these people (at most PRESENCE_IDS_MAX ids), for signed-in people. */
  /**
   * Ready once it knows what the viewer sees now: a change committed before that snapshot would
   * otherwise be taken for one already told, and never sent.
   */
  async subscribe(ctx: Context, userIds: unknown): Promise<Inbox<Presence>> {
    if (!ctx.viewer) throw unauthenticated();
    const viewerId = ctx.viewer.id;
    const ids = [...new Set(parseInput(presenceIdsSchema, userIds, 'userIds'))];
    const subscriber: PresenceSubscriber = {
      viewerId,
      inbox: new Inbox(() => {
        for (const id of ids) {
          const following = this.subscribers.get(id);
          following?.delete(subscriber);
          if (following?.size === 0) this.subscribers.delete(id);
        }
      }),
      // Followed at once (an event meanwhile waits for this), so nothing published is missed.
      told: presenceOf(this.db, viewerId, ids).then(
        (presences) => new Map(presences.map((presence) => [presence.userId, shownAs(presence)])),
      ),
    };
    // Fail closed: a subscription that cannot learn what its viewer sees now ends.
    subscriber.told.catch(() => subscriber.inbox.close());
    for (const id of ids)
      this.subscribers.set(id, (this.subscribers.get(id) ?? new Set()).add(subscriber));
    endWithSignal(subscriber.inbox, ctx.connection?.signal);
    await subscriber.told.catch(() => undefined);
    return subscriber.inbox;
  }

  private async onPresence(event: Topics['presence'][0]) {
    const following = [...(this.subscribers.get(event.userId) ?? [])];
    if (!following.length) return;
    // The followers who share a conversation or a private space with the person now (the person
    // too), each with whether the person hides their presence.
    const related = await this.db
      .select({ viewerId: viewers.id, hidden: users.hidePresence })
      .from(users)
      .innerJoin(viewers, inArray(viewers.id, [...new Set(following.map((s) => s.viewerId))]))
      .where(
        and(
          eq(users.id, event.userId),
          or(eq(viewers.id, users.id), sharesPresence(viewers.id, users.id)),
        ),
      );
    const hiddenFrom = new Map(related.map((row) => [row.viewerId, row.hidden]));
    const real: Presence = {
      userId: event.userId,
      state: event.state,
      lastSeen: event.lastSeen ? new Date(event.lastSeen) : null,
    };
    for (const subscriber of following) {
      const hidden = hiddenFrom.get(subscriber.viewerId);
      if (hidden === undefined) continue;
      // As presenceShownTo: a hidden person looks never connected to everyone but themselves.
      const presence = hidden && subscriber.viewerId !== event.userId ? unseen(event.userId) : real;
      const told = await subscriber.told.catch(() => null);
      if (!told || told.get(event.userId) === shownAs(presence)) continue;
      told.set(event.userId, shownAs(presence));
      subscriber.inbox.push(presence);
    }
  }

  close() {
    this.stop();
  }
}
