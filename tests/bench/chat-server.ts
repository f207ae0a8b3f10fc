import 'reflect-metadata';
import { createServer } from 'node:http';
import { startServer } from '../../server/src/start';

/**
 * The app server as one process (what `npm start` runs per worker), plus a bench-only hook for the
 * chat benchmark's memory figure: with MEMORY_PORT set and node's --expose-gc, GET on that port
 * runs a full garbage collection, lets the heap settle and answers `process.memoryUsage()`.
 * Nothing of this is in the app: the hook exists only in this bench entry.
 */
const running = await startServer();

const gc = (globalThis as { gc?: () => void }).gc;
const memoryPort = Number(process.env.MEMORY_PORT || 0);
const hook =
  memoryPort && gc
    ? createServer((_req, res) => {
        gc();
        setTimeout(() => {
          gc();
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(process.memoryUsage()));
        }, 500);
      }).listen(memoryPort, '127.0.0.1')
    : null;

process.on('SIGTERM', () => {
  hook?.close();
  void running.stop().then(() => process.exit(0));
});
