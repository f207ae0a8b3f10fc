import { createHash } from 'node:crypto';
import { diffCounts, type MessageCounts } from '../helpers/count-proxy';
import { BENCH, type Exec } from './seed';

/**
 * The comment scenario: a thread of 500 comments with replies on one story (every fifth
 * comment has three replies, by different people), read a page at a time with authors and reply
 * counts. A page must cost the same statements whatever its size (no query per comment).
 */
export const THREAD = {
  comments: 500,
  repliesEvery: 5,
  repliesEach: 3,
} as const;

/** The thread's story: the first bench story (seed.ts names stories md5('bench-story-' || g)). */
const STORY_ID_SQL = `md5('bench-story-1')::uuid::text`;
export const THREAD_STORY_ID = createHash('md5')
  .update('bench-story-1')
  .digest('hex')
  .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/u, '$1-$2-$3-$4-$5');

const authorSql = (expr: string) => `'bench-user-' || lpad((1 + (${expr}) % 1000)::text, 4, '0')`;

/** Set-based, like seed.ts; the story's and the comments' counters agree with the rows. */
export async function seedCommentThread(exec: Exec) {
  await exec(`
    insert into comments (id, item_type, item_id, space_id, author_id, comment_html, total_replies, created_at, updated_at)
    select 'bench-comment-' || g, 'stories', ${STORY_ID_SQL}, '${BENCH.space}', ${authorSql('g * 7')},
           '<p>Bench comment ' || g || ': we tried this too, and here is what happened.</p>',
           case when g % ${THREAD.repliesEvery} = 0 then ${THREAD.repliesEach} else 0 end,
           now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${THREAD.comments}) g`);
  await exec(`
    insert into comments (id, item_type, item_id, parent_id, space_id, author_id, comment_html, created_at, updated_at)
    select 'bench-reply-' || g || '-' || r, 'stories', ${STORY_ID_SQL}, 'bench-comment-' || g,
           '${BENCH.space}', ${authorSql('g * 11 + r')}, '<p>Reply ' || r || '</p>',
           now() - (g || ' minutes')::interval + (r || ' seconds')::interval,
           now() - (g || ' minutes')::interval + (r || ' seconds')::interval
    from generate_series(${THREAD.repliesEvery}, ${THREAD.comments}, ${THREAD.repliesEvery}) g,
         generate_series(1, ${THREAD.repliesEach}) r`);
  await exec(`
    update stories set total_comments = (select count(*) from comments where item_type = 'stories' and item_id = stories.id)
    where id = ${STORY_ID_SQL}`);
  await exec(`analyze comments`);
}

const THREAD_QUERY = `query Thread($itemId: ID!, $first: Int, $after: String) {
  comments(itemType: stories, itemId: $itemId, orderBy: recent, first: $first, after: $after) {
    items {
      id commentHTML tags createdAt parentId canEdit path
      author { id displayName photoURL role }
      counters { totalReplies }
    }
    last
  }
}`;

async function readThread(url: string, token: string, itemId: string, first: number) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: THREAD_QUERY, variables: { itemId, first } }),
  });
  const body = (await response.json()) as {
    data?: { comments: { items: unknown[] } };
    errors?: unknown;
  };
  if (!body.data || body.data.comments.items.length !== first)
    throw new Error(`comment thread page of ${first} failed: ${JSON.stringify(body.errors)}`);
}

/** Statements one thread page issues, for pages of 10 and 50; the report's lines. */
export async function countThreadStatements(
  url: string,
  token: string,
  itemId: string,
  snapshot: () => MessageCounts,
): Promise<string[]> {
  const repeats = 10;
  const rows: [number, number][] = [];
  for (const size of [10, 50]) {
    for (let i = 0; i < 2; i++) await readThread(url, token, itemId, size);
    const before = snapshot();
    for (let i = 0; i < repeats; i++) await readThread(url, token, itemId, size);
    const delta = diffCounts(snapshot(), before);
    rows.push([size, (delta.execute + delta.query) / repeats]);
  }
  const constant = rows.every(([, count]) => count === rows[0]![1]);
  return [
    `Comment thread of ${THREAD.comments} comments with replies (authors and reply counts): ` +
      rows.map(([size, count]) => `page of ${size}: ${count} statements`).join(', ') +
      ` — ${constant ? 'constant' : 'GROWS'} in page size`,
  ];
}
