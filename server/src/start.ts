import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { createSessionStore } from './auth/sessions';
import { pruneAttempts } from './auth/rate-limit';
import { loadConfig } from './config';
import type { AppDeps } from './context';
import { openDatabase } from './db/client';
import { createLocalPubSub, createPostgresPubSub } from './graphql/pubsub';
import { AccessTracker } from './live/access';
import { LiveConnections } from './live/connections';
import { LiveHub } from './live/hub';
import { createLog } from './log';
import { createMailer } from './mail/mailer';

/**
 * config → database → migrations → app → listen. Used by main.ts and by the tests, which start a
 * real server on a random port (PORT=0) with their own DATA_DIR.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const log = createLog(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const pubsub = database.sql ? await createPostgresPubSub(database.sql, log) : createLocalPubSub();
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    pubsub,
    live: {
      hub: new LiveHub(database.db, pubsub, log),
      access: new AccessTracker(database.db, pubsub, log),
      connections: new LiveConnections(pubsub),
    },
    log,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log,
    }),
    sessions: createSessionStore(database.db, {
      secureCookies: config.secureCookies,
      onEnded: (ended) => pubsub.publish('sessionsEnded', ended),
    }),
  };
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
    await database.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  if (!config.publicUrl) config.publicUrl = `http://localhost:${port}`;
  log.info({ port, database: database.kind, url: config.publicUrl }, 'listening');

  const housekeeping = setInterval(() => void pruneAttempts(database.db).catch(() => {}), 3600_000);
  housekeeping.unref();

  return {
    deps,
    port,
    url: `http://127.0.0.1:${port}`,
    log,
    async stop() {
      clearInterval(housekeeping);
      await app.close(); // drains HTTP and closes websockets
      deps.live.access.close();
      deps.live.connections.close();
      await database.close();
    },
  };
}
