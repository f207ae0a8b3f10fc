import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { Log } from './log';

/** A worker that dies is replaced after this pause, so a crash loop cannot spin the CPU. */
const RESTART_DELAY_MS = 1_000;
/** How long workers get to drain on SIGTERM before they are killed. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * The primary process on PostgreSQL: applies migrations once, then runs `config.workers` server
 * processes on the same port (Node's cluster hands each new connection to a worker) and replaces
 * any that die.
 *
 * One Node process runs its JavaScript on one core, and a GraphQL request spends most of its time
 * there; workers put every core to use. Nothing is shared in memory between them: sessions, rate
 * limits and live events (LISTEN/NOTIFY) already live in PostgreSQL, as for replicas on several
 * machines. PGlite is one process's embedded database, so without DATABASE_URL there is no primary.
 */
export async function runPrimary(config: Config, log: Log): Promise<void> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }

  let stopping = false;
  const fork = () => cluster.fork();
  // A worker that dies before it ever listened failed to start (a port in use, a bad setting):
  // forking again would fail the same way every second, so the whole server stops instead and
  // whatever supervises it sees the failure.
  const listened = new Set<number>();
  cluster.on('listening', (worker: Worker) => listened.add(worker.id));
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker.id)) {
      log.fatal({ worker: worker.process.pid, code, signal }, 'a worker failed to start');
      stop('SIGTERM', 1);
      return;
    }
    log.error({ worker: worker.process.pid, code, signal }, 'worker died; starting another');
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });

  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping workers');
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && !worker.isDead(),
    );
    const exits = workers.map(
      (worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())),
    );
    for (const worker of workers) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    void Promise.all(exits).then(() => {
      clearTimeout(timer);
      process.exit(exitCode);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
  log.info({ workers: config.workers }, 'primary started');
}
