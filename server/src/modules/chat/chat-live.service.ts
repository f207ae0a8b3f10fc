import { eq } from 'drizzle-orm';
import { CHAT_MESSAGES } from '@rules';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { AppPubSub, Topics } from '../../graphql/pubsub';
import type { AccessLease, AccessTracker } from '../../live/access';
import { endWithSignal, Inbox } from '../../live/hub';
import type { Log } from '../../log';
import { resolveActiveSpace } from '../spaces/space.service';
import { requireViewer, requireWriter } from '../../auth/guards';
import { conversationReadableIn } from './chat.policy';
import { requireReadableConversation } from './chat-access.service';
import type { ChatMessageRecord } from './chat-message.presenter';
import { loadChatMessages } from './chat-messages.service';
import { ChatMemberships, current, type LiveConversation } from './chat-memberships';
import { totalsOfUsers, unreadOfUsers } from './chat-unread.service';
import type { ChatMessageChange, ChatTotals } from './chat.types';

export interface LiveMessageEvent {
  change: ChatMessageChange;
  conversationId: string;
  messageId: string;
  /** Loaded once for every subscriber; each presents it for themselves (reactedByMe). */
  message: ChatMessageRecord | null;
}

export interface LiveTypingEvent {
  conversationId: string;
  userId: string;
  displayName: string;
  typing: boolean;
}

export interface LiveUnreadEvent {
  conversationId: string;
  totalNewMessages: number;
  totals: ChatTotals;
}

export interface LiveConversationEvent {
  change: 'added' | 'updated' | 'removed';
  conversationId: string;
}

/** One subscription: its viewer, what it receives, and the viewer's space access. */
interface Subscriber<Item> {
  viewerId: string;
  inbox: Inbox<Item>;
  lease: AccessLease;
}

interface UnreadSubscriber extends Subscriber<LiveUnreadEvent> {
  spaceId: string;
}

/**
 * The chat subscribers of one process. It listens once per topic (never once per subscriber), and
 * per event loads what the event is about once, then hands it to its own subscribers who may read
 * that conversation, judged in memory: space access from the AccessTracker, member rows from
 * ChatMemberships (reloaded when a `chatMembers` event names them). A subscriber who can no
 * longer read a conversation has its message and typing subscriptions ended. Presence is
 * delivered by PresenceChanges.
 *
 * Events of one topic are handled one at a time, so a conversation's events keep their order.
 */
export class ChatLive {
  private readonly memberships: ChatMemberships;
  private readonly messageSubscribers = new Map<string, Set<Subscriber<LiveMessageEvent>>>();
  private readonly typingSubscribers = new Map<string, Set<Subscriber<LiveTypingEvent>>>();
  private readonly unreadSubscribers = new Map<string, Set<UnreadSubscriber>>();
  private readonly conversationSubscribers = new Map<string, Set<Inbox<LiveConversationEvent>>>();
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    pubsub: AppPubSub,
    private readonly access: AccessTracker,
    private readonly log: Log,
  ) {
    this.memberships = new ChatMemberships(db, log, (id) => this.followed(id));
    this.listen(pubsub, 'chat', (event) => this.onMessage(event));
    this.listen(pubsub, 'chatTyping', (event) => this.onTyping(event));
    this.listen(pubsub, 'chatMembers', (event) => this.onMembers(event));
    this.listen(pubsub, 'chatRead', (event) => this.onRead(event));
    this.listen(pubsub, 'membership', (event) => this.onSpaceMembership(event.userId));
  }

  private listen<Topic extends 'chat' | 'chatTyping' | 'chatMembers' | 'chatRead' | 'membership'>(
    pubsub: AppPubSub,
    topic: Topic,
    handle: (payload: Topics[Topic][0]) => Promise<void> | void,
  ) {
    const events = (pubsub.subscribe as (topic: Topic) => AsyncIterableIterator<Topics[Topic][0]>)(
      topic,
    );
    this.stops.push(() => void events.return?.());
    void (async () => {
      for await (const payload of events) {
        try {
          await handle(payload);
        } catch (error) {
          this.log.error({ err: error, topic }, 'live chat event not delivered');
        }
      }
    })();
  }

  // ---- subscribing ----

  /** The conversation as events judge it; NOT_FOUND unless the viewer may read it now. */
  private async enter(viewerId: string, conversationId: string) {
    const lease = await this.access.acquire(viewerId);
    const memberOf = this.memberships.holdPerson(viewerId);
    try {
      const conversation = await this.memberships.conversation(conversationId);
      const readable =
        conversation && conversationReadableIn(await current(lease), await memberOf, conversation);
      if (!readable) throw new AppError('NOT_FOUND', CHAT_MESSAGES.notMember);
      return { lease, conversation };
    } catch (error) {
      lease.release();
      this.memberships.releasePerson(viewerId);
      throw error;
    }
  }

  private async register<Item>(
    map: Map<string, Set<Subscriber<Item>>>,
    ctx: Context,
    conversationId: string,
  ): Promise<Inbox<Item>> {
    const viewerId = requireViewer(ctx).id;
    const { lease, conversation } = await this.enter(viewerId, conversationId);
    const subscriber: Subscriber<Item> = {
      viewerId,
      lease,
      inbox: new Inbox<Item>(() => {
        remove(map, conversationId, subscriber);
        this.memberships.unfollowed(conversationId);
        lease.release();
        this.memberships.releasePerson(viewerId);
      }),
    };
    add(map, conversationId, subscriber);
    // Kept while followed here: its type and space never change.
    this.memberships.keepConversation(conversationId, conversation);
    endWithSignal(subscriber.inbox, ctx.connection?.signal);
    return subscriber.inbox;
  }

  messages(ctx: Context, conversationId: string) {
    return this.register(this.messageSubscribers, ctx, conversationId);
  }

  typing(ctx: Context, conversationId: string) {
    return this.register(this.typingSubscribers, ctx, conversationId);
  }

  /** NOT_FOUND for a space the viewer may not read (its totals are not theirs to follow). */
  async unread(ctx: Context, spaceId: string): Promise<Inbox<LiveUnreadEvent>> {
    const viewerId = requireViewer(ctx).id;
    const space = await resolveActiveSpace(ctx, spaceId);
    const lease = await this.access.acquire(viewerId);
    await this.memberships.holdPerson(viewerId);
    const subscriber: UnreadSubscriber = {
      viewerId,
      spaceId: space.id,
      lease,
      inbox: new Inbox<LiveUnreadEvent>(() => {
        remove(this.unreadSubscribers, viewerId, subscriber);
        lease.release();
        this.memberships.releasePerson(viewerId);
      }),
    };
    add(this.unreadSubscribers, viewerId, subscriber);
    endWithSignal(subscriber.inbox, ctx.connection?.signal);
    return subscriber.inbox;
  }

  async conversationChanges(ctx: Context): Promise<Inbox<LiveConversationEvent>> {
    const viewerId = requireViewer(ctx).id;
    await this.memberships.holdPerson(viewerId);
    const inbox: Inbox<LiveConversationEvent> = new Inbox(() => {
      remove(this.conversationSubscribers, viewerId, inbox);
      this.memberships.releasePerson(viewerId);
    });
    add(this.conversationSubscribers, viewerId, inbox);
    endWithSignal(inbox, ctx.connection?.signal);
    return inbox;
  }

  // ---- conversations followed ----

  private followed(conversationId: string) {
    return (
      this.messageSubscribers.has(conversationId) || this.typingSubscribers.has(conversationId)
    );
  }

  private readable(subscriber: Subscriber<unknown>, conversation: LiveConversation) {
    return this.memberships.readable(subscriber.viewerId, subscriber.lease, conversation);
  }

  /** Ends the subscriptions of a conversation whose viewers may no longer read it. */
  private async endUnreadable(conversationId: string, viewerIds?: ReadonlySet<string>) {
    const conversation = await this.memberships.conversation(conversationId);
    for (const map of [this.messageSubscribers, this.typingSubscribers] as const)
      for (const subscriber of [...(map.get(conversationId) ?? [])] as Subscriber<unknown>[]) {
        if (viewerIds && !viewerIds.has(subscriber.viewerId)) continue;
        if (!conversation || !(await this.readable(subscriber, conversation)))
          subscriber.inbox.close();
      }
  }

  // ---- events ----

  private async onMessage(event: Topics['chat'][0]) {
    const subscribers = this.messageSubscribers.get(event.conversationId);
    const counted = event.change === 'added' || event.change === 'removed';
    if (!subscribers?.size && !(counted && this.unreadSubscribers.size)) return;
    const conversation = await this.memberships.conversation(event.conversationId);
    if (!conversation) return this.endUnreadable(event.conversationId);
    if (subscribers?.size) {
      const message =
        event.change === 'removed'
          ? null
          : ((await loadChatMessages(this.db, [event.messageId])).get(event.messageId) ?? null);
      if (event.change === 'removed' || message) {
        const item: LiveMessageEvent = {
          change: event.change,
          conversationId: event.conversationId,
          messageId: event.messageId,
          message,
        };
        for (const subscriber of [...subscribers]) {
          if (await this.readable(subscriber, conversation)) subscriber.inbox.push(item);
          else subscriber.inbox.close();
        }
      }
    }
    if (counted) await this.pushUnread(conversation, event.authorId);
  }

  /**
   * The unread counts of one conversation for this process's `chatUnread` subscribers it
   * concerns, in one statement, with their totals in one more per space followed.
   */
  private async pushUnread(conversation: LiveConversation, exceptUserId: string | null) {
    const concerned: UnreadSubscriber[] = [];
    for (const [userId, subscribers] of this.unreadSubscribers) {
      if (userId === exceptUserId) continue;
      for (const subscriber of subscribers) {
        const inSpace = !conversation.spaceId || conversation.spaceId === subscriber.spaceId;
        if (inSpace && (await this.readable(subscriber, conversation))) concerned.push(subscriber);
      }
    }
    if (!concerned.length) return;
    const userIds = [...new Set(concerned.map((subscriber) => subscriber.viewerId))];
    const bySpace = new Map<string, string[]>();
    for (const subscriber of concerned) {
      const ids = bySpace.get(subscriber.spaceId) ?? [];
      if (!ids.includes(subscriber.viewerId)) ids.push(subscriber.viewerId);
      bySpace.set(subscriber.spaceId, ids);
    }
    const [counts, ...totals] = await Promise.all([
      unreadOfUsers(this.db, conversation.id, userIds),
      ...[...bySpace].map(([spaceId, ids]) => totalsOfUsers(this.db, ids, spaceId)),
    ]);
    const totalsBySpace = new Map([...bySpace.keys()].map((spaceId, i) => [spaceId, totals[i]!]));
    for (const subscriber of concerned) {
      const total = totalsBySpace.get(subscriber.spaceId)?.get(subscriber.viewerId);
      subscriber.inbox.push({
        conversationId: conversation.id,
        totalNewMessages: counts.get(subscriber.viewerId) ?? 0,
        totals: total ?? { totalNewMessages: 0, totalNewSpaceMessages: 0 },
      });
    }
  }

  private async onRead({ userId, conversationId }: Topics['chatRead'][0]) {
    if (!this.unreadSubscribers.has(userId)) return;
    const conversation = await this.memberships.conversation(conversationId);
    if (!conversation) return;
    const subscribers = [...(this.unreadSubscribers.get(userId) ?? [])];
    const concerned = subscribers.filter(
      (subscriber) => !conversation.spaceId || conversation.spaceId === subscriber.spaceId,
    );
    if (!concerned.length) return;
    const spaceIds = [...new Set(concerned.map((subscriber) => subscriber.spaceId))];
    const [counts, ...totals] = await Promise.all([
      unreadOfUsers(this.db, conversationId, [userId]),
      ...spaceIds.map((spaceId) => totalsOfUsers(this.db, [userId], spaceId)),
    ]);
    for (const subscriber of concerned) {
      const total = totals[spaceIds.indexOf(subscriber.spaceId)]?.get(userId);
      subscriber.inbox.push({
        conversationId,
        totalNewMessages: counts.get(userId) ?? 0,
        totals: total ?? { totalNewMessages: 0, totalNewSpaceMessages: 0 },
      });
    }
  }

  private async onTyping(event: Topics['chatTyping'][0]) {
    const subscribers = [...(this.typingSubscribers.get(event.conversationId) ?? [])].filter(
      (subscriber) => subscriber.viewerId !== event.userId,
    );
    if (!subscribers.length) return;
    const conversation = await this.memberships.conversation(event.conversationId);
    if (!conversation) return;
    const [typist] = await this.db
      .select({ displayName: users.displayName })
      .from(users)
      .where(eq(users.id, event.userId));
    if (!typist) return;
    const item = { ...event, displayName: typist.displayName };
    for (const subscriber of subscribers)
      if (await this.readable(subscriber, conversation)) subscriber.inbox.push(item);
  }

  /**
   * A conversation's members changed (when it was deleted, every member is named): the people
   * named who have subscriptions here reload their member rows at once, so any later event waits
   * for the reload; whoever can no longer read it stops receiving it, and their lists hear of it.
   */
  private async onMembers({ conversationId, userIds, deleted }: Topics['chatMembers'][0]) {
    if (deleted) this.memberships.forgetConversation(conversationId);
    const reloads = userIds.flatMap((viewerId) => {
      const reload = this.memberships.reloadPerson(viewerId);
      return reload ? [{ viewerId, ...reload }] : [];
    });
    for (const { viewerId, before, after } of reloads) {
      const wasMember = (await before).has(conversationId);
      const isMember = !deleted && (await after).has(conversationId);
      if (!wasMember && !isMember) continue;
      const change = !isMember ? 'removed' : wasMember ? 'updated' : 'added';
      for (const inbox of this.conversationSubscribers.get(viewerId) ?? [])
        inbox.push({ change, conversationId });
    }
    await this.endUnreadable(conversationId, new Set(reloads.map(({ viewerId }) => viewerId)));
  }

  /**
   * Someone's space memberships changed: once the AccessTracker has reloaded them (it hears the
   * same event), their subscriptions to conversations of spaces they left end.
   */
  private async onSpaceMembership(userId: string) {
    if (!this.memberships.holds(userId)) return;
    await new Promise((resolve) => setImmediate(resolve));
    const viewer = new Set([userId]);
    const followed = new Set([...this.messageSubscribers.keys(), ...this.typingSubscribers.keys()]);
    for (const conversationId of followed) await this.endUnreadable(conversationId, viewer);
  }

  /** People and subscriptions held here (tests and diagnostics). */
  get trackedPeople() {
    return this.memberships.size;
  }

  close() {
    for (const stop of this.stops) stop();
  }
}

/** Typing starts or stops in a conversation the writer may post in; never stored. */
export async function setTyping(
  ctx: Context,
  conversationId: string,
  typing: boolean,
): Promise<boolean> {
  const viewer = requireWriter(ctx);
  await requireReadableConversation(ctx, viewer, conversationId);
  ctx.pubsub.publish('chatTyping', { conversationId, userId: viewer.id, typing });
  return true;
}

function add<Value>(map: Map<string, Set<Value>>, key: string, value: Value) {
  const values = map.get(key) ?? new Set();
  values.add(value);
  map.set(key, values);
}

function remove<Value>(map: Map<string, Set<Value>>, key: string, value: Value) {
  const values = map.get(key);
  if (!values) return;
  values.delete(value);
  if (values.size === 0) map.delete(key);
}
