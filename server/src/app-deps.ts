import { createSessionStore } from './auth/sessions';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase } from './db/client';
import { grantConfiguredAdmins } from './modules/moderation/moderation-roles.service';
import { createLocalPubSub, createPostgresPubSub, type AppPubSub } from './graphql/pubsub';
import { AccessTracker } from './live/access';
import { LiveConnections } from './live/connections';
import { LiveHub } from './live/hub';
import type { Log } from './log';
import { createMailer } from './mail/mailer';

/**
 * What lives as long as the process, built the one way the server and the command-line tools
 * (`npm run seed:demo`) share: the database with its migrations applied, pub/sub, live fan-out,
 * mail and sessions. `closeAppDeps` closes it.
 */
export async function createAppDeps(config: Config, log: Log): Promise<AppDeps> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  let pubsub: AppPubSub;
  try {
    await database.migrate();
    await grantConfiguredAdmins(database.db, config.adminEmails);
    pubsub = database.sql ? await createPostgresPubSub(database.sql, log) : createLocalPubSub();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
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
}

/** Closes what createAppDeps opened; the HTTP server, if any, is closed first. */
export async function closeAppDeps(deps: AppDeps): Promise<void> {
  deps.live.access.close();
  deps.live.connections.close();
  await deps.database.close();
}
