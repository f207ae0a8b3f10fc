/**
 * The items reports are about: what a reporter may report (`reportedItem`), and what a report's
 * card shows of its item (excerpt, standing, route, whether the viewer may open it), loaded for a
 * page of reports in one statement per kind.
 */
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COMMENTABLE_TYPES, htmlToPlainText, type ReportableType } from '@rules';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { comments, problems, skills, solutions, stories, users } from '../../db/schema';
import { notFound } from '../../errors';
import { commentShownTo } from '../comments/comment.policy';
import {
  engageableComment,
  engageablePost,
  postEngageableBy,
  postIdColumn,
} from '../posts/post.service';
import { commentAnchor, excerptOf, itemRoute } from './moderation.policy';

export interface ItemFacts {
  spaceId: string | null;
  authorId: string | null;
  isAnonymousPost: boolean;
}

/** The item as the reporter may see it; NOT_FOUND for anything they cannot (as for a bad id). */
export async function reportedItem(
  ctx: Context,
  type: ReportableType,
  id: string,
): Promise<ItemFacts> {
  if (type === 'users') {
    const [person] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!person) throw notFound();
    return { spaceId: null, authorId: person.id, isAnonymousPost: false };
  }
  if (type === 'comments') {
    const { comment } = await engageableComment(ctx, id);
    return { spaceId: comment.spaceId, authorId: comment.authorId, isAnonymousPost: false };
  }
  const post = await engageablePost(ctx, type, id);
  return { spaceId: post.spaceId, authorId: post.authorId, isAnonymousPost: post.isAnonymousPost };
}

const POST_TEXT = {
  stories: { table: stories, text: stories.story },
  problems: { table: problems, text: problems.name },
  solutions: { table: solutions, text: solutions.name },
  skills: { table: skills, text: skills.name },
} as const;

export interface ItemDetails {
  excerpt: string;
  hidden: boolean;
  route: string;
  /** The viewer may open the item now: a reporter sees its excerpt only then. */
  readable: boolean;
}

export const itemKey = (type: string, id: string) => `${type}/${id}`;

/** A comment's post may be engaged with by the viewer (the comment's own standing aside). */
const commentPostEngageableBy = (viewer: Viewer | null): SQL =>
  or(
    ...COMMENTABLE_TYPES.map(
      (type) =>
        sql`(${comments.itemType} = ${type} and exists (select 1 from ${postIdColumn(type).table}
          where ${postIdColumn(type)} = ${comments.itemId} and ${postEngageableBy(type, viewer)}))`,
    ),
  )!;

/**
 * Excerpt, standing, route and readability for the viewer of many items: one statement per kind
 * present, never per item. A comment's route opens its post's thread at the comment.
 */
export async function itemDetails(
  db: Db,
  viewer: Viewer | null,
  items: readonly { itemType: ReportableType; itemId: string }[],
): Promise<Map<string, ItemDetails>> {
  const found = new Map<string, ItemDetails>();
  const idsOf = (type: ReportableType) => [
    ...new Set(items.filter((item) => item.itemType === type).map((item) => item.itemId)),
  ];
  const loads: Promise<void>[] = [];
  for (const type of ['stories', 'problems', 'solutions', 'skills'] as const) {
    const ids = idsOf(type);
    if (ids.length === 0) continue;
    const { table, text } = POST_TEXT[type];
    loads.push(
      db
        .select({
          id: table.id,
          text,
          isHidden: table.isHidden,
          readable: sql<boolean>`(${postEngageableBy(type, viewer)})`,
        })
        .from(table)
        .where(inArray(table.id, ids))
        .then((rows) => {
          for (const row of rows)
            found.set(itemKey(type, row.id), {
              excerpt: excerptOf(htmlToPlainText(row.text)),
              hidden: row.isHidden,
              route: itemRoute(type, row.id),
              readable: row.readable,
            });
        }),
    );
  }
  const commentIds = idsOf('comments');
  if (commentIds.length > 0)
    loads.push(
      db
        .select({
          id: comments.id,
          html: comments.commentHtml,
          isHidden: comments.isHidden,
          itemType: comments.itemType,
          itemId: comments.itemId,
          readable: sql<boolean>`(${commentShownTo(viewer)} and ${commentPostEngageableBy(viewer)})`,
        })
        .from(comments)
        .where(inArray(comments.id, commentIds))
        .then((rows) => {
          for (const row of rows)
            found.set(itemKey('comments', row.id), {
              excerpt: excerptOf(htmlToPlainText(row.html)),
              hidden: row.isHidden,
              route: `${itemRoute(row.itemType, row.itemId)}#${commentAnchor(row.id)}`,
              readable: row.readable,
            });
        }),
    );
  const userIds = idsOf('users');
  if (userIds.length > 0)
    loads.push(
      db
        .select({ id: users.id, displayName: users.displayName })
        .from(users)
        .where(inArray(users.id, userIds))
        .then((rows) => {
          for (const row of rows)
            found.set(itemKey('users', row.id), {
              excerpt: row.displayName,
              hidden: false,
              route: itemRoute('users', row.id),
              readable: true,
            });
        }),
    );
  await Promise.all(loads);
  return found;
}
