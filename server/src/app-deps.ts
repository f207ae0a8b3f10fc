import { createOidcProvider } from './auth/oidc';
import { createSessionStore } from './auth/sessions';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase } from './db/client';
import { grantConfiguredAdmins } from './modules/moderation/moderation-roles.service';
import {
  createLocalTransport,
  createPostgresTransport,
  createRedisTransport,
  type LiveTransport,
} from './graphql/pubsub';
import { AccessTracker } from './live/access';
import { LiveConnections } from './live/connections';
import { LiveHub } from './live/hub';
import { ChatLive } from './modules/chat/chat-live.service';
import { PresenceChanges, PresenceTracker } from './modules/chat/chat-presence.service';
import type { Log } from './log';
import { createMailer } from './mail/mailer';
import { createStorage } from './storage/create-storage';

/**
 * What lives as long as the process, built the one way the server and the command-line tools
 * (`npm run seed:demo`) share: the database with its migrations applied, pub/sub, live fan-out,
 * mail and sessions. `closeAppDeps` closes it.
 */
export async function createAppDeps(config: Config, log: Log): Promise<AppDeps> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  let transport: LiveTransport | undefined;
  let presence: PresenceTracker;
  try {
    await database.migrate();
    await grantConfiguredAdmins(database.db, config.adminEmails);
    // Redis when configured, else NOTIFY on PostgreSQL, else (PGlite: one process) in memory.
    transport = config.redisUrl
      ? await createRedisTransport(config.redisUrl, log)
      : database.sql && config.databaseUrl
        ? await createPostgresTransport(config.databaseUrl, database.sql, log)
        : createLocalTransport();
    presence = new PresenceTracker(database.db, transport.pubsub, log, database.kind === 'pglite');
    await presence.start();
  } catch (error) {
    await transport?.close();
    await database.close();
    throw error;
  }
  const { pubsub } = transport;
  const access = new AccessTracker(database.db, pubsub, log);
  return {
    config,
    database,
    db: database.db,
    pubsub,
    transport,
    live: {
      hub: new LiveHub(database.db, pubsub, log),
      access,
      connections: new LiveConnections(pubsub),
      chat: new ChatLive(database.db, pubsub, access, log),
      presence,
      presenceChanges: new PresenceChanges(database.db, pubsub, log),
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
      onSeenFailed: (error) => log.warn({ err: error }, 'session last seen not recorded'),
    }),
    storage: createStorage(config),
    oidc: config.oidc ? createOidcProvider(config.oidc) : null,
  };
}

/** Closes what createAppDeps opened; the HTTP server, if any, is closed first. */
export async function closeAppDeps(deps: AppDeps): Promise<void> {
  deps.live.access.close();
  deps.live.connections.close();
  deps.live.chat.close();
  deps.live.presenceChanges.close();
  await deps.live.presence.close();
  await deps.transport.close();
  await deps.database.close();
}
