import 'reflect-metadata';
import cluster from 'node:cluster';
import { runPrimary } from './cluster';
import { loadConfig } from './config';
import { createLog } from './log';
import { startServer } from './start';

const config = loadConfig();
const log = createLog(config.logLevel);

if (cluster.isPrimary && config.workers > 1) {
  await runPrimary(config, log);
} else {
  if (config.workersRefused)
    log.warn('WEB_CONCURRENCY is ignored without DATABASE_URL: PGlite runs in one process');
  const running = await startServer();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.log.info({ signal }, 'shutting down');
    await running.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
