import type { Context } from '../context';
import { createLoaders } from '../graphql/loaders';
import type { SpaceAccess } from '../modules/spaces/space.policy';
import type { AccessTracker } from './access';
import type { LiveConnections } from './connections';
import type { ChannelTopic, LiveFeed, LiveHub } from './hub';
import type { ChatLive } from '../modules/chat/chat-live.service';
import type { PresenceChanges, PresenceTracker } from '../modules/chat/chat-presence.service';

/** The live machinery of one process, shared by every subscription. */
export interface Live {
  hub: LiveHub;
  access: AccessTracker;
  connections: LiveConnections;
  /** Chat subscribers of this process (membership in memory, one listener per topic). */
  chat: ChatLive;
  /** This process's signed-in sockets in everyone's presence. */
  presence: PresenceTracker;
  /** Presence subscribers of this process (one listener to the `presence` topic). */
  presenceChanges: PresenceChanges;
}

/**
 * What a subscriber does with an event's item: receives it (true), skips it (false), or stops
 * following the channel ('end': what it follows is gone, or no longer readable by the viewer).
 */
export type LiveVerdict = boolean | 'end';

/**
 * The one way a subscription follows a channel: the hub loads each event's item once for the
 * process, and this subscriber sees it when `shown` (the feature's in-memory policy) says so for
 * the viewer's current access; `shown` may also end the subscription. A subscription on a
 * websocket whose session ends stops at once.
 *
 * A plain iterator rather than an async generator: a generator waiting for the next event would
 * hold a finished subscription open until that event came; this one ends when asked.
 */
export async function follow<Topic extends ChannelTopic, Item>(
  ctx: Context,
  feed: LiveFeed<Topic, Item>,
  channelId: string,
  shown: (item: Item, access: SpaceAccess) => LiveVerdict,
): Promise<AsyncIterableIterator<Item>> {
  const lease = await ctx.live.access.acquire(ctx.viewer?.id ?? null);
  const items = ctx.live.hub.subscribe(feed, channelId, ctx.connection?.signal);
  const done = async (): Promise<IteratorResult<Item>> => {
    lease.release();
    await items.return?.();
    return { value: undefined, done: true };
  };
  const iterator: AsyncIterableIterator<Item> = {
    async next() {
      for (;;) {
        const result = await items.next();
        if (result.done) return done();
        const current = lease.current();
        const verdict = shown(result.value, current instanceof Promise ? await current : current);
        if (verdict === 'end') return done();
        if (verdict) {
          // The subscription's context lives as long as it does; its loaders must not answer
          // this item's viewer-specific fields (a vote, linked problems) from an earlier event.
          ctx.loaders = createLoaders(ctx.db, ctx.viewer);
          return result;
        }
      }
    },
    return: done,
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
