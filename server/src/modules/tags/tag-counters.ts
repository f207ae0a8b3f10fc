import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { spaceTags, tagFollows, tags } from '../../db/schema';
import { registerAccountRemover } from '../users/account-removers';

/**
 * Tag counters: `space_tags` per space and kind of item, `tags.total_followers`. Every write that
 * changes what they count calls one of these in its transaction, after it has locked (or
 * conditionally changed) its own rows, so concurrent writes never move a counter twice. Counter
 * rows are always touched in (space, tag) order, so two writes sharing tags cannot deadlock.
 */

export type TaggedKind = 'stories' | 'problems' | 'solutions';

/** What a tagged item contributes to its space's tag counters: only listed items count. */
export interface TaggedState {
  spaceId: string;
  tags: readonly string[];
  /** Published and approved (drafts and pending anonymous posts count nowhere). */
  listed: boolean;
}

const COUNTER_FIELD = {
  stories: 'totalStories',
  problems: 'totalProblems',
  solutions: 'totalSolutions',
} as const satisfies Record<TaggedKind, keyof typeof spaceTags.$inferInsert>;

/**
 * Keeps `space_tags` counters right when a tagged item is created (before = null), edited, or
 * deleted (after = null). Call it inside the transaction that changes the item, so counters and
 * content never disagree.
 */
export async function syncTagCounters(
  tx: DbOrTx,
  kind: TaggedKind,
  before: TaggedState | null,
  after: TaggedState | null,
) {
  const steps = new Map<string, { spaceId: string; tagId: string; step: number }>();
  const count = (state: TaggedState | null, step: number) => {
    if (!state?.listed) return;
    for (const tagId of state.tags) {
      const key = JSON.stringify([state.spaceId, tagId]);
      const entry = steps.get(key) ?? {
        spaceId: state.spaceId,
        tagId,
        step: 0,
      };
      entry.step += step;
      steps.set(key, entry);
    }
  };
  count(before, -1);
  count(after, +1);

  const field = COUNTER_FIELD[kind];
  const column = spaceTags[field];
  const ordered = [...steps.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, { spaceId, tagId, step }] of ordered) {
    if (step > 0) {
      await tx.insert(tags).values({ id: tagId }).onConflictDoNothing();
      await tx
        .insert(spaceTags)
        .values({ spaceId, tagId, [field]: step })
        .onConflictDoUpdate({
          target: [spaceTags.spaceId, spaceTags.tagId],
          set: { [field]: sql`${column} + ${step}` },
        });
    } else if (step < 0) {
      await tx
        .update(spaceTags)
        .set({ [field]: sql`greatest(${column} + ${step}, 0)` })
        .where(and(eq(spaceTags.spaceId, spaceId), eq(spaceTags.tagId, tagId)));
    }
  }
}

/**
 * tags.total_followers moves by the follow rows a write really inserted (+1) or deleted (-1); the
 * tags are stepped in id order.
 */
export async function stepTagFollowers(tx: DbOrTx, tagIds: readonly string[], step: 1 | -1) {
  for (const tagId of [...new Set(tagIds)].sort()) {
    await tx
      .update(tags)
      .set({ totalFollowers: sql`greatest(${tags.totalFollowers} + ${step}, 0)` })
      .where(eq(tags.id, tagId));
  }
}

/**
 * Unfollows every tag a person follows (an account's deletion, in its transaction): each of those
 * tags counts one follower fewer.
 */
export async function unfollowAllTags(tx: DbOrTx, userId: string): Promise<void> {
  const followed = await tx
    .delete(tagFollows)
    .where(eq(tagFollows.userId, userId))
    .returning({ tagId: tagFollows.tagId });
  await stepTagFollowers(
    tx,
    followed.map((row) => row.tagId),
    -1,
  );
}
registerAccountRemover('tag-follows', unfollowAllTags);
