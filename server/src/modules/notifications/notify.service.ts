import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationItemType, NotificationKind, WatchLevel } from '@rules';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { itemWatches, notifications } from '../../db/schema';
import type { PostType } from '../posts/post-path';
import { postEngageableBy, postIdColumn } from '../posts/post.service';
import { pushNotificationsOfEvent } from './push.service';

/**
 * Making notifications. One event (a comment, a reaction, a follow…) makes or updates every
 * recipient's notification in one set-based statement inside the write's transaction: recipients
 * are chosen in SQL, so a comment on a problem 10,000 people watch costs one statement, not 10,000.
 *
 * Grouping: a notification is one row per person and `groupKey`, so 'Ada and 3 others reacted to
 * your story' is one row whose actors grow. Keys (kind, then the item):
 * - `comment:{type}:{postId}`: comments on a post, for its author (kind comment) and its watchers
 *   at everything (kind watched);
 * - `reply:comments:{commentId}`: replies to one comment, for its author;
 * - `mention:comments:{commentId}`: one comment's @mention of someone;
 * - `reaction:{type}:{id}`: reactions on a post or comment; `vote:solutions:{id}`: votes;
 * - `follower`: every new follower of a person in one row;
 * - `invite:{spaceId}`, `joinRequest:{spaceId}`, `joinAnswer:{spaceId}`: space membership;
 * - `problemAlert:problems:{id}`, `statusChange:problems:{id}`.
 */

/** One kind of notification an event makes, for the people `recipients` selects. */
export interface NotifyTarget {
  kind: NotificationKind;
  groupKey: string;
  itemType: NotificationItemType;
  itemId: string;
  /** A select of one column: the recipients' user ids (duplicates and nulls are fine). */
  recipients: SQL;
  /** What the text needs beyond the item (a reaction, a status, a snippet, the post of a comment). */
  data?: Record<string, unknown>;
  /** Watch levels on the event's post that silence this kind; 'muted' always does. */
  silencedBy?: readonly WatchLevel[];
}

export interface NotifyEvent {
  actorId: string;
  /** The item's space (per-space lists and the push switch); null for people and follows. */
  spaceId: string | null;
  /**
   * The post the event is about (a comment's post for comment items): its watch levels silence
   * recipients, and only people who may engage with it (see and act on it) are told.
   */
  post?: { type: PostType; id: string };
  /** In priority order: someone selected by several targets gets the first one only. */
  targets: NotifyTarget[];
}

/**
 * The rules of the posts, with the recipient as the viewer: a SQL reference in place of a
 * signed-in viewer's id. The policies read nothing of a viewer but its id, so a correlated
 * column serves as well as a value (one statement decides for every candidate at once).
 */
const recipientAsViewer = (id: SQL) => ({ id }) as unknown as Viewer;

const CANDIDATE = sql.raw('candidates.user_id');

function candidatesOf(event: NotifyEvent): SQL {
  const parts = event.targets.map((target, priority) => {
    const silencing = ['muted', ...(target.silencedBy ?? [])];
    const silenced = event.post
      ? sql`and not exists (select 1 from ${itemWatches} where ${itemWatches.itemType} = ${event.post.type}
          and ${itemWatches.itemId} = ${event.post.id} and ${itemWatches.userId} = r.user_id
          and ${itemWatches.level} in (${sql.join(
            silencing.map((level) => sql`${level}`),
            sql`, `,
          )}))`
      : sql``;
    return sql`select r.user_id, ${priority}::int as priority, ${target.kind}::text as kind,
      ${target.groupKey}::text as group_key, ${target.itemType}::text as item_type,
      ${target.itemId}::text as item_id, ${JSON.stringify(target.data ?? {})}::jsonb as data
      from (${target.recipients}) as r(user_id) where r.user_id is not null ${silenced}`;
  });
  return sql.join(parts, sql` union all `);
}

/**
 * The candidate may see the event's post (published, in a space they read, not hidden). What a
 * signed-out visitor may see, everyone may: that uncorrelated test runs once per statement, so a
 * post in a public space costs no per-candidate check; only a private space's post is judged per
 * candidate.
 */
function visibleToCandidate(event: NotifyEvent): SQL {
  if (!event.post) return sql`true`;
  const { type, id } = event.post;
  const idColumn = postIdColumn(type);
  const engageableBy = (viewer: Viewer | null) =>
    sql`exists (select 1 from ${idColumn.table} where ${idColumn} = ${id}
      and ${postEngageableBy(type, viewer)})`;
  return sql`(${engageableBy(null)} or ${engageableBy(recipientAsViewer(CANDIDATE))})`;
}

/**
 * Makes the event's notifications in one statement and answers the event's id (rows it touched
 * carry it), for delivery after commit. Never the actor; never someone who cannot see the post;
 * never someone who muted it. An existing row of the same group gains the actor (first: newest
 * first), turns unread again and takes this event's id.
 */
export async function notify(tx: DbOrTx, event: NotifyEvent): Promise<string> {
  const eventId = randomUUID();
  if (event.targets.length === 0) return eventId;
  const actor = sql`${event.actorId}::text`;
  await tx.execute(sql`
    insert into ${notifications} (id, user_id, kind, group_key, item_type, item_id, space_id,
      actor_ids, actor_count, event_id, data)
    select gen_random_uuid()::text, candidates.user_id, candidates.kind, candidates.group_key,
      candidates.item_type, candidates.item_id, ${event.spaceId}::text, array[${actor}], 1,
      ${eventId}::text, candidates.data
    from (select distinct on (user_id) * from (${candidatesOf(event)}) as listed
          order by user_id, priority) as candidates
    where candidates.user_id <> ${actor} and ${visibleToCandidate(event)}
    on conflict (user_id, group_key) do update set
      kind = excluded.kind,
      actor_ids = array_prepend(${actor}, array_remove(${notifications.actorIds}, ${actor})),
      actor_count = cardinality(array_remove(${notifications.actorIds}, ${actor})) + 1,
      event_id = excluded.event_id,
      data = excluded.data,
      is_read = false,
      updated_at = now()`);
  return eventId;
}

/**
 * After the notifying write committed: live subscribers hear of the event (by id only: NOTIFY
 * carries 8 kB, not 10,000 recipients) and Web Push sends it (fire and forget).
 */
export function deliverNotifications(ctx: Context, eventId: string | null | undefined) {
  if (!eventId) return;
  ctx.pubsub.publish('notifications', { eventId });
  // Never rejects (failures are logged there): the write has committed whatever push does.
  void pushNotificationsOfEvent(ctx, eventId);
}

/**
 * The person watches the post at everything, unless they already chose a level ('muted' stays
 * muted): what they posted, commented on or joined.
 */
export async function watch(tx: DbOrTx, userId: string, post: { type: PostType; id: string }) {
  await tx
    .insert(itemWatches)
    .values({ userId, itemType: post.type, itemId: post.id, level: 'everything' })
    .onConflictDoNothing();
}
