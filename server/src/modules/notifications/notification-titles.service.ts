import { inArray } from 'drizzle-orm';
import { COMMENTABLE_TYPES, openingWords, STORY_TITLE_LENGTH } from '@rules';
import type { DbOrTx } from '../../db/client';
import { problems, skills, solutions, stories } from '../../db/schema';
import type { PostType } from '../posts/post-path';

/**
 * What a notification names its item by: a problem's, solution's or skill's name, a story's
 * opening words; a comment's notification names the comment's post. Read when the notification is
 * shown, not stored with it, so an edited title shows as it now reads; the lists only show
 * notifications whose post the reader may still see, so a title never outlives its visibility.
 */

export interface NotifiedPost {
  type: PostType;
  id: string;
}

const isPostType = (value: unknown): value is PostType =>
  (COMMENTABLE_TYPES as readonly unknown[]).includes(value);

/** The post a notification is about: its item, or a comment's post; none for spaces and people. */
export function postOfNotification(row: {
  itemType: string;
  itemId: string;
  data: Record<string, unknown>;
}): NotifiedPost | null {
  if (isPostType(row.itemType)) return { type: row.itemType, id: row.itemId };
  if (row.itemType === 'comments' && isPostType(row.data.postType)) {
    const id = row.data.postId;
    return typeof id === 'string' ? { type: row.data.postType, id } : null;
  }
  return null;
}

export const postKey = (post: NotifiedPost) => `${post.type}:${post.id}`;

const NAMED_POSTS = { problems, solutions, skills } as const;

/** The titles of these posts by postKey, one query per kind present; a deleted post has none. */
export async function postTitles(
  db: DbOrTx,
  posts: readonly (NotifiedPost | null)[],
): Promise<Map<string, string>> {
  const idsOf = (type: PostType) => [
    ...new Set(posts.flatMap((post) => (post?.type === type ? [post.id] : []))),
  ];
  const titles = new Map<string, string>();
  const reads = (['problems', 'solutions', 'skills'] as const).map(async (type) => {
    const ids = idsOf(type);
    if (ids.length === 0) return;
    const table = NAMED_POSTS[type];
    const rows = await db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, ids));
    for (const row of rows) titles.set(postKey({ type, id: row.id }), row.name);
  });
  const storyIds = idsOf('stories');
  const storyRead = async () => {
    if (storyIds.length === 0) return;
    const rows = await db
      .select({ id: stories.id, story: stories.story })
      .from(stories)
      .where(inArray(stories.id, storyIds));
    for (const row of rows)
      titles.set(
        postKey({ type: 'stories', id: row.id }),
        openingWords(row.story, STORY_TITLE_LENGTH),
      );
  };
  await Promise.all([...reads, storyRead()]);
  return titles;
}

type NotificationLike = Parameters<typeof postOfNotification>[0];

/** The titles of these notifications' posts, by notification (push and the digest read rows). */
export async function notificationTitles<T extends NotificationLike>(
  db: DbOrTx,
  rows: readonly T[],
): Promise<Map<T, string>> {
  const posts = rows.map(postOfNotification);
  const titles = await postTitles(db, posts);
  const byRow = new Map<T, string>();
  rows.forEach((row, index) => {
    const post = posts[index];
    const title = post && titles.get(postKey(post));
    if (title) byRow.set(row, title);
  });
  return byRow;
}
