import cluster from 'node:cluster';
import postgres from 'postgres';
import { BASELINE_FEED_SQL, startBaseline, type BaselineRow } from './baseline';

/**
 * The baseline as a process of its own, deployed like the app on PostgreSQL: WORKERS processes
 * on PORT (Node's cluster), each with its own postgres.js pool of the app's size. Started by the
 * bench with DATABASE_URL, PORT, WORKERS and SPACE_ID.
 */
const workers = Number(process.env.WORKERS || 1);

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
  const baseline = await startBaseline(
    async (params) =>
      (await sql.unsafe<BaselineRow[]>(BASELINE_FEED_SQL, params, { prepare: true }))[0]!,
    process.env.SPACE_ID!,
    Number(process.env.PORT),
  );
  process.on('SIGTERM', () => {
    void baseline
      .close()
      .then(() => sql.end({ timeout: 5 }))
      .then(() => process.exit(0));
  });
}
