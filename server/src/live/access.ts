import type { Db } from '../db/client';
import type { AppPubSub } from '../graphql/pubsub';
import type { Log } from '../log';
import { activeSpaceIdsOf } from '../modules/spaces/space-members.service';
import type { SpaceAccess } from '../modules/spaces/space.policy';

const SIGNED_OUT: SpaceAccess = { viewerId: null, memberOf: new Set() };

/** A subscriber's hold on a viewer's access; `current()` is synchronous unless a refresh is due. */
export interface AccessLease {
  current(): SpaceAccess | Promise<SpaceAccess>;
  release(): void;
}

interface Entry {
  holders: number;
  access: SpaceAccess | Promise<SpaceAccess>;
}

/**
 * What each person with a live subscription in this process may read, kept in memory: loaded once
 * when their first subscription starts, dropped with their last, and reloaded when a membership
 * event names them. Events reach a process in the order they were published, so an item published
 * after someone was blocked is judged with the reloaded access (it waits for the reload).
 */
export class AccessTracker {
  private readonly entries = new Map<string, Entry>();
  private readonly stopListening: () => void;

  constructor(
    private readonly db: Db,
    pubsub: AppPubSub,
    private readonly log: Log,
  ) {
    const membershipEvents = pubsub.subscribe('membership');
    this.stopListening = () => void membershipEvents.return();
    void (async () => {
      for await (const { userId } of membershipEvents) {
        const entry = this.entries.get(userId);
        if (entry) this.reload(userId, entry);
      }
    })();
  }

  async acquire(viewerId: string | null): Promise<AccessLease> {
    if (!viewerId) return { current: () => SIGNED_OUT, release: () => {} };
    let entry = this.entries.get(viewerId);
    if (entry) entry.holders++;
    else {
      entry = { holders: 1, access: SIGNED_OUT };
      this.entries.set(viewerId, entry);
      this.reload(viewerId, entry);
    }
    const held = entry;
    await held.access;
    let released = false;
    return {
      current: () => held.access,
      release: () => {
        if (released) return;
        released = true;
        if (--held.holders === 0 && this.entries.get(viewerId) === held)
          this.entries.delete(viewerId);
      },
    };
  }

  private reload(viewerId: string, entry: Entry) {
    const loading: Promise<SpaceAccess> = activeSpaceIdsOf(this.db, viewerId).then(
      (spaceIds) => {
        const access = { viewerId, memberOf: new Set(spaceIds) };
        // A later reload (a newer membership event) wins over this one.
        if (entry.access === loading) entry.access = access;
        return access;
      },
      (error: unknown) => {
        // Fail closed: until a reload succeeds, the person sees public spaces only.
        this.log.error({ err: error, viewerId }, 'live access not loaded');
        const access = { viewerId, memberOf: new Set<string>() };
        if (entry.access === loading) entry.access = access;
        return access;
      },
    );
    entry.access = loading;
  }

  /** People whose access this process holds (tests and diagnostics). */
  get trackedCount() {
    return this.entries.size;
  }

  close() {
    this.stopListening();
  }
}
