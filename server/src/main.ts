import 'reflect-metadata';
import { startServer } from './start';

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
