import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/sessions';
import type { DbOrTx } from '../../db/client';
import { comments, maps, problems, skills, solutions, stories } from '../../db/schema';
import { commentShownTo } from '../comments/comment.policy';
import { MAP_COLUMNS, mapReadableBy, type MapRow } from '../maps/map.policy';
import { parseItemPath, type PostType } from '../posts/post-path';
import { postEngageableBy } from '../posts/post.service';

/**
 * The items a person's reactions and bookmarks name, for their own lists (/reactions,
 * /bookmarks): only the items they may still engage with, loaded a page at a time.
 */

/** `views` are progress maps: bookmarked, never reacted to or commented on. */
export type EngagedType = PostType | 'comments' | 'views';

const POST_TABLES = { stories, problems, solutions, skills } as const;

interface EngagedRows {
  stories: typeof stories.$inferSelect;
  problems: typeof problems.$inferSelect;
  solutions: typeof solutions.$inferSelect;
  skills: typeof skills.$inferSelect;
  comments: typeof comments.$inferSelect;
  views: MapRow;
}
/** An item with its kind, so a switch on `itemType` knows its row. */
export type EngagedItem = {
  [K in EngagedType]: { itemType: K; itemId: string; item: EngagedRows[K] };
}[EngagedType];

/** "The post `itemId` names (of kind `type`) is one the viewer may engage with", as SQL. */
const postEngageable = (type: PostType, itemId: AnyPgColumn | SQL, viewer: Viewer | null) => {
  const table = POST_TABLES[type];
  return exists(
    sql`(select 1 from ${table} where ${table.id} = ${itemId} and ${postEngageableBy(type, viewer)})`,
  );
};

/**
 * The condition on engagement rows (`itemType`, `itemId` columns) that keeps only items the
 * viewer may engage with: a readable, published post, a comment on one, or a map the viewer may
 * read (its own policy). One condition in the list's own query, so an item that became invisible
 * (a space left, a post made a draft, a map made private) drops out without a query per row.
 */
export function engageableRows(
  itemType: AnyPgColumn,
  itemId: AnyPgColumn,
  viewer: Viewer | null,
  types: readonly EngagedType[],
): SQL {
  const onPost = (postType: AnyPgColumn, postId: AnyPgColumn, kinds: readonly PostType[]) =>
    or(...kinds.map((kind) => and(eq(postType, kind), postEngageable(kind, postId, viewer))))!;
  const postKinds = types.filter(
    (type): type is PostType => type !== 'comments' && type !== 'views',
  );
  const conditions = [onPost(itemType, itemId, postKinds)];
  if (types.includes('views')) {
    conditions.push(
      and(
        eq(itemType, 'views'),
        exists(
          sql`(select 1 from ${maps} where ${maps.id} = ${itemId} and ${mapReadableBy(viewer)})`,
        ),
      )!,
    );
  }
  if (types.includes('comments')) {
    const onCommentedPost = onPost(
      comments.itemType,
      comments.itemId,
      Object.keys(POST_TABLES) as PostType[],
    );
    conditions.push(
      and(
        eq(itemType, 'comments'),
        exists(
          sql`(select 1 from ${comments} where ${comments.id} = ${itemId} and ${onCommentedPost} and ${commentShownTo(viewer)})`,
        ),
      )!,
    );
  }
  return or(...conditions)!;
}

/** The items `refs` name, by engagedKey: one query per kind present. */
export async function loadEngagedItems(
  db: DbOrTx,
  refs: readonly { itemType: EngagedType; itemId: string }[],
): Promise<Map<string, EngagedItem>> {
  const idsOf = (type: EngagedType) =>
    refs.filter((ref) => ref.itemType === type).map((ref) => ref.itemId);
  const load = async <K extends EngagedType>(
    itemType: K,
    query: (ids: string[]) => Promise<EngagedRows[K][]>,
  ) => {
    const ids = idsOf(itemType);
    const rows = ids.length ? await query(ids) : [];
    return rows.map(
      (item) =>
        [
          engagedKey(itemType, item.id),
          { itemType, itemId: item.id, item } as EngagedItem,
        ] as const,
    );
  };
  const loaded = await Promise.all([
    load('stories', (ids) => db.select().from(stories).where(inArray(stories.id, ids))),
    load('problems', (ids) => db.select().from(problems).where(inArray(problems.id, ids))),
    load('solutions', (ids) => db.select().from(solutions).where(inArray(solutions.id, ids))),
    load('skills', (ids) => db.select().from(skills).where(inArray(skills.id, ids))),
    load('comments', (ids) => db.select().from(comments).where(inArray(comments.id, ids))),
    load('views', (ids) => db.select(MAP_COLUMNS).from(maps).where(inArray(maps.id, ids))),
  ]);
  return new Map(loaded.flat());
}

/** One key for an item of any kind (ids are unique only within a kind). */
export const engagedKey = (type: EngagedType, id: string) => `${type}/${id}`;

/**
 * What an engagement input names: `itemType` and `itemId` as given (GraphQL), or the item a REST
 * `path` names (`stories/{id}`, `problems/{pid}/solutions/{sid}`, a comment's path…).
 */
export function targetNamedBy(input: unknown): Record<string, unknown> {
  const fields =
    typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  if (fields.path === undefined) return fields;
  const ref = parseItemPath(fields.path);
  return { ...fields, itemType: ref.type, itemId: ref.id };
}
