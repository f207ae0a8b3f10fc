/**
 * Seeds the benchmark data set with set-based SQL (generate_series), not through the API: 1,000
 * users, 50 tags, 100,000 published stories in the global space 'ww' with 1–3 tags each, created
 * over two years, random counters, and the per-space tag counters consistent with them.
 * The SQL runs on PostgreSQL and on PGlite alike. One session, seeded random: the same data
 * every run.
 */
export type Exec = (text: string) => Promise<unknown>;

export const BENCH = {
  users: 1_000,
  tags: 50,
  stories: 100_000,
  space: 'ww',
  /** The signed-in viewer of the measured feed; author of every 40th story so canEdit varies. */
  viewerId: 'bench-user-0001',
} as const;

const userId = (expr: string) => `'bench-user-' || lpad((${expr})::text, 4, '0')`;
const tagId = (expr: string) => `'tag' || lpad((${expr})::text, 2, '0')`;

export async function seed(exec: Exec): Promise<void> {
  await exec(`select setseed(0.4242)`);
  await exec(`
    insert into users (id, email, hashed_password, email_verified, display_name, role, photo_url, created_at)
    select ${userId('g')}, 'bench' || g || '@example.test', 'not-a-real-hash', true,
           'Bench User ' || g,
           case when g % 10 = 0 then 'org' else 'person' end,
           case when g % 3 = 0 then null else 'https://example.test/photos/' || g || '.jpg' end,
           now() - interval '900 days'
    from generate_series(1, ${BENCH.users}) g`);
  await exec(`
    insert into tags (id, created_at)
    select ${tagId('g')}, now() - interval '900 days' from generate_series(1, ${BENCH.tags}) g`);
  // Tag k of story g is 1 + (g * m_k) % 50 for m = 7, 13, 31, taking the first 1 + g % 3 of them
  // (distinct): every tag is used, about two per story.
  await exec(`
    insert into stories (id, space_id, author_id, story, tags, is_anonymous_post, is_draft, is_approved,
                         total_reactions, total_comments, created_at, updated_at)
    select s.id, '${BENCH.space}', s.author_id,
           '<p>Bench story ' || s.g || ': what we tried this week, and what it changed for the people around us. '
             || array_to_string(array(select '#' || t from unnest(s.tags) t), ' ') || '</p>',
           s.tags, s.g % 50 = 0, false, true,
           floor(random() * random() * 300)::int, floor(random() * random() * 60)::int,
           s.created_at, s.created_at
    from (
      select g, md5('bench-story-' || g)::uuid::text as id,
             case when g % 40 = 0 then '${BENCH.viewerId}' else ${userId('1 + floor(random() * ' + BENCH.users + ')::int')} end as author_id,
             (select array_agg(distinct ${tagId('1 + (g * m) % ' + BENCH.tags)})
                from unnest(array[7, 13, 31]) with ordinality as u(m, k) where k <= 1 + g % 3) as tags,
             date_trunc('milliseconds', now() - random() * interval '730 days') as created_at
      from generate_series(1, ${BENCH.stories}) g
    ) s`);
  await exec(`
    insert into space_tags (space_id, tag_id, total_stories, first_used_at)
    select s.space_id, t.tag, count(*), min(s.created_at)
    from stories s cross join lateral unnest(s.tags) as t(tag)
    where s.is_draft = false and s.is_approved = true
    group by s.space_id, t.tag`);
  await exec(`analyze`);
}
