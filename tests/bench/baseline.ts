import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The baseline: the same feed page (newest listed stories of a space with author, tags, counters
 * and the signed-in viewer's canEdit, reaction and bookmark, plus the next-page cursor) answered by ONE hand-written SQL
 * statement that builds the JSON in PostgreSQL, served by bare node:http. It does the work the
 * GraphQL feed must do — session lookup, space readability, listing rules, anonymous authors —
 * and nothing else: no framework, no ORM, no GraphQL.
 */
export const BASELINE_FEED_SQL = `
with viewer as (
  select user_id from sessions
  where id = encode(sha256(convert_to($1, 'UTF8')), 'hex') and expires_at > now()
), page as (
  select s.id, s.story, s.tags, s.created_at, s.author_id, s.is_anonymous_post, s.is_draft,
         s.total_reactions, s.total_comments,
         row_number() over (order by s.created_at desc, s.id desc) as rn
  from stories s
  where s.space_id = $2 and s.is_draft = false and s.is_approved = true
    and exists (
      select 1 from spaces sp
      where sp.id = $2
        and (sp.is_private = false or exists (
          select 1 from space_participants pp
          where pp.space_id = sp.id and pp.user_id = (select user_id from viewer)
            and pp.status in ('owner', 'admin', 'contributor')))
    )
  order by s.created_at desc, s.id desc
  limit $3::int + 1
)
select
  coalesce(json_agg(json_build_object(
    'id', p.id,
    'story', p.story,
    'tags', p.tags,
    'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'author', case when p.is_anonymous_post
      then json_build_object('id', '', 'displayName', 'Anonymous', 'photoURL', '', 'role', 'user')
      else json_build_object('id', u.id, 'displayName', u.display_name, 'photoURL', coalesce(u.photo_url, ''), 'role', u.role)
    end,
    'counters', json_build_object('totalReactions', p.total_reactions, 'totalComments', p.total_comments),
    'canEdit', coalesce(p.author_id = (select user_id from viewer), false),
    'isAnonymousPost', p.is_anonymous_post,
    'isDraft', p.is_draft,
    'reaction', r.reaction,
    'bookmarked', b.user_id is not null
  ) order by p.rn) filter (where p.rn <= $3::int), '[]')::text as items,
  count(*) > $3::int as more,
  max(to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) filter (where p.rn = $3::int) as last_at,
  max(p.id) filter (where p.rn = $3::int) as last_id
from page p
join users u on u.id = p.author_id
left join reactions r
  on r.user_id = (select user_id from viewer) and r.item_type = 'stories' and r.item_id = p.id
left join bookmarks b
  on b.user_id = (select user_id from viewer) and b.item_type = 'stories' and b.item_id = p.id`;

export interface BaselineRow {
  items: string;
  more: boolean;
  last_at: string | null;
  last_id: string | null;
}

/** Runs BASELINE_FEED_SQL with [token, spaceId, size] as one (prepared) statement. */
export type BaselineQuery = (params: [string, string, number]) => Promise<BaselineRow>;

export interface Baseline {
  url: string;
  close(): Promise<void>;
}

/** The server's cursor format (server/src/db/keyset.ts), so the answers are alike byte for byte. */
const cursorOf = (at: string, id: string) => Buffer.from(`d|${at}|${id}`).toString('base64url');

export async function startBaseline(
  query: BaselineQuery,
  spaceId: string,
  port = 0,
): Promise<Baseline> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    req.resume(); // a body, if any, is not needed
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const size = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('first') ?? 20);
    try {
      const row = await query([token, spaceId, size]);
      const last =
        row.more && row.last_at && row.last_id
          ? JSON.stringify(cursorOf(row.last_at, row.last_id))
          : 'null';
      const body = `{"data":{"stories":{"items":${row.items},"last":${last}}}}`;
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
