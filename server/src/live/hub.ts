import type { Db } from '../db/client';
import type { AppPubSub, Topics } from '../graphql/pubsub';
import type { Log } from '../log';

/** Topics published per channel (a space, a problem…) with an item id in the payload. */
export type ChannelTopic = {
  [Name in keyof Topics]: Topics[Name] extends [string, unknown] ? Name : never;
}[keyof Topics];

export interface LiveFeed<Topic extends ChannelTopic, Item> {
  topic: Topic;
  /**
   * The event's item as every subscriber of the channel receives it (with whatever each needs to
   * decide visibility in memory), or null to drop the event. Called once per event per process.
   */
  load(db: Db, payload: Topics[Topic][1], channelId: string): Promise<Item | null>;
}

/**
 * A subscriber whose client stops reading is ended rather than buffered without bound; it then
 * resubscribes and reloads, as a client does after any reconnect.
 */
const INBOX_LIMIT = 1000;

/** One subscriber's queue of items, read as an async iterator (by a GraphQL subscription). */
export class Inbox<Item> implements AsyncIterableIterator<Item> {
  private readonly items: Item[] = [];
  private readonly closeListeners: (() => void)[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(private readonly onClose: () => void) {}

  push(item: Item) {
    if (this.closed) return;
    if (this.items.length >= INBOX_LIMIT) return this.close();
    this.items.push(item);
    this.wake?.();
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.wake?.();
    this.onClose();
    for (const listener of this.closeListeners) listener();
  }

  /** Runs `listener` once the inbox closes (at once if it already has). */
  whenClosed(listener: () => void) {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  async next(): Promise<IteratorResult<Item>> {
    for (;;) {
      if (this.items.length) return { value: this.items.shift()!, done: false };
      if (this.closed) return { value: undefined, done: true };
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  async return(): Promise<IteratorResult<Item>> {
    this.items.length = 0;
    this.close();
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

/**
 * Ends `inbox` when `signal` aborts (the connection's session ended), at once if it already has;
 * the inbox closing first stops listening, so a long-lived connection keeps no dead listeners.
 */
export function endWithSignal<Item>(inbox: Inbox<Item>, signal: AbortSignal | undefined) {
  if (!signal) return;
  if (signal.aborted) return inbox.close();
  const onAbort = () => inbox.close();
  signal.addEventListener('abort', onAbort, { once: true });
  inbox.whenClosed(() => signal.removeEventListener('abort', onAbort));
}

interface Channel {
  feed: LiveFeed<ChannelTopic, unknown>;
  inboxes: Set<Inbox<unknown>>;
  stop(): void;
}

/**
 * Live fan-out inside one process. Each channel (topic and id) holds one pubsub subscription
 * however many people follow it, and loads each event's item once; every subscriber's inbox then
 * receives that same item, so an event costs one query per process, not one per subscriber.
 */
export class LiveHub {
  private readonly channels = new Map<string, Channel>();

  constructor(
    private readonly db: Db,
    private readonly pubsub: AppPubSub,
    private readonly log: Log,
  ) {}

  /**
   * Items of one channel as they are published, until the consumer stops iterating or `signal`
   * aborts (the connection's session ended).
   */
  subscribe<Topic extends ChannelTopic, Item>(
    feed: LiveFeed<Topic, Item>,
    channelId: string,
    signal?: AbortSignal,
  ): AsyncIterableIterator<Item> {
    const key = `${feed.topic}:${channelId}`;
    const channel = this.channels.get(key) ?? this.open(key, feed, channelId);
    if (channel.feed !== feed) throw new Error(`${feed.topic} events have one feed per process`);
    const inbox: Inbox<Item> = new Inbox(() => {
      channel.inboxes.delete(inbox as Inbox<unknown>);
      if (channel.inboxes.size === 0) {
        this.channels.delete(key);
        channel.stop();
      }
    });
    channel.inboxes.add(inbox as Inbox<unknown>);
    endWithSignal(inbox, signal);
    return inbox;
  }

  private open<Topic extends ChannelTopic, Item>(
    key: string,
    feed: LiveFeed<Topic, Item>,
    channelId: string,
  ): Channel {
    const subscribeTo = this.pubsub.subscribe as (
      topic: Topic,
      id: string,
    ) => AsyncIterableIterator<Topics[Topic][1]> & { return(): Promise<unknown> };
    const events = subscribeTo(feed.topic, channelId);
    const channel: Channel = {
      feed: feed as LiveFeed<ChannelTopic, unknown>,
      inboxes: new Set(),
      stop: () => void events.return(),
    };
    this.channels.set(key, channel);
    void (async () => {
      // One event at a time, so every subscriber sees a channel's items in the order published.
      for await (const payload of events) {
        let item: Item | null = null;
        try {
          item = await feed.load(this.db, payload, channelId);
        } catch (error) {
          this.log.error({ err: error, topic: feed.topic }, 'live event not loaded');
        }
        if (item !== null) for (const inbox of channel.inboxes) inbox.push(item);
      }
    })();
    return channel;
  }

  /** Channels open in this process (tests and diagnostics). */
  get channelCount() {
    return this.channels.size;
  }
}
