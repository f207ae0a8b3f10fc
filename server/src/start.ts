import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { pruneAttempts } from './auth/rate-limit';
import { closeAppDeps, createAppDeps } from './app-deps';
import { loadConfig } from './config';
import { startFileSweeper } from './modules/media/stored-files.service';
import { startDigestScheduler } from './modules/notifications/digest.service';
import { createLog } from './log';

/**
 * config → database → migrations → app → listen. Used by main.ts and by the tests, which start a
 * real server on a random port (PORT=0) with their own DATA_DIR.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const log = createLog(config.logLevel);
  const deps = await createAppDeps(config, log);
  const { database } = deps;
  const app = await createApp(deps);
  // A port in use must fail the start: the websocket server also listens for the HTTP server's
  // errors, so without this the process would wait forever without listening.
  try {
    await new Promise<void>((resolve, reject) => {
      app.server.once('error', reject);
      app.server.listen(config.port, config.host, () => {
        app.server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await app.close();
    await closeAppDeps(deps);
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  if (!config.publicUrl) config.publicUrl = `http://localhost:${port}`;
  if (config.appSecretIsLocal)
    log.warn(
      { dataDir: config.dataDir },
      'APP_SECRET is not set: the secret generated into DATA_DIR encrypts AI keys and signs links; set APP_SECRET (and back it up) before running on more than one machine',
    );
  log.info(
    { port, database: database.kind, storage: deps.storage.kind, url: config.publicUrl },
    'listening',
  );

  const housekeeping = setInterval(() => void pruneAttempts(database.db).catch(() => {}), 3600_000);
  housekeeping.unref();
  const stopDigests = startDigestScheduler(deps);
  // Uploads nobody attached and chat images nobody sent, removed after a day.
  const stopFileSweeper = startFileSweeper(deps);

  return {
    deps,
    port,
    url: `http://127.0.0.1:${port}`,
    log,
    async stop() {
      clearInterval(housekeeping);
      stopDigests();
      stopFileSweeper();
      await app.close(); // drains HTTP and closes websockets
      await closeAppDeps(deps);
    },
  };
}
