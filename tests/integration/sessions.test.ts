import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { generateIdFromEntropySize } from 'lucia';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../../server/src/auth/sessions';
import { sessions } from '../../server/src/db/schema';
import { startServer } from '../../server/src/start';
import { gql, gqlData, rest, subscribe } from '../helpers/clients';
import { signUpVerified } from '../helpers/factories';
import {
  createTestDatabase,
  startTestServer,
  tempDataDir,
  testServerEnv,
  type TestServer,
} from '../helpers/server';

/**
 * Sessions are stored under a SHA-256 of their token: the token a person holds opens their session
 * on every transport, the table never holds it, and sessions from before the change survive it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const ME = `{ me { id email } }`;
type MeData = { me: { id: string; email: string } | null };

const storedSessionsOf = (userId: string) =>
  server.deps.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('session tokens', () => {
  it('opens the session over REST, GraphQL and a websocket with the token from sign-in', async () => {
    const person = await signUpVerified(server);
    const info = await rest<{ user: { email: string } }>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      person.token,
    );
    expect(info.body.user.email).toBe(person.email);
    expect((await gqlData<MeData>(server.url, ME, {}, { token: person.token })).me?.email).toBe(
      person.email,
    );
    const overSocket = await subscribe<MeData>(server.url, ME, {}, { token: person.token });
    try {
      const [answer] = await overSocket.take(1);
      expect(answer?.me?.email).toBe(person.email);
    } finally {
      await overSocket.close();
    }
  });

  it('keeps only a hash of the token in the database, and the cookie carries the token', async () => {
    const person = await signUpVerified(server);
    const login = await rest<{ token: string }>(server.url, 'POST', '/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    const token = login.body.token;
    expect(login.headers.get('set-cookie')).toMatch(new RegExp(`^session=${token};`, 'u'));

    const stored = await storedSessionsOf(person.id);
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.id).toMatch(/^[0-9a-f]{64}$/u);
      expect([person.token, token]).not.toContain(row.id);
    }
    expect(stored.map((row) => row.id).sort()).toEqual(
      [sessionIdOf(person.token), sessionIdOf(token)].sort(),
    );
  });

  it('renews a session nearing its end with a cookie that still carries the token', async () => {
    const person = await signUpVerified(server);
    await server.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 24 * 3600_000) })
      .where(eq(sessions.id, sessionIdOf(person.token)));
    const info = await rest(server.url, 'GET', '/api/user/userinfo', undefined, undefined, {
      cookie: `session=${person.token}`,
    });
    expect(info.status).toBe(200);
    expect(info.headers.get('set-cookie')).toMatch(new RegExp(`^session=${person.token};`, 'u'));
    const [row] = await server.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(person.token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 20 * 24 * 3600_000);
  });

  it('does not open a session with the stored hash used as a token', async () => {
    const person = await signUpVerified(server);
    const me = await gql<MeData>(server.url, ME, {}, { token: sessionIdOf(person.token) });
    expect(me.status).toBe(401);
    expect(me.data?.me ?? null).toBeNull();
  });
});

describe('upgrading a database with sessions stored as plain tokens', () => {
  const MIGRATIONS = path.resolve(import.meta.dirname, '../../migrations');
  const HASHING_MIGRATION = '0002_hash_session_ids';

  /** A copy of the migrations folder that stops just before sessions were hashed. */
  async function migrationsBeforeHashing(dir: string) {
    await cp(MIGRATIONS, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const cut = journal.entries.findIndex((entry) => entry.tag === HASHING_MIGRATION);
    expect(cut).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, cut);
    await writeFile(journalFile, JSON.stringify(journal));
  }

  it('keeps a person signed in: their old token works after the upgrade', async () => {
    const dataDir = await tempDataDir();
    const database = await createTestDatabase();
    const oldMigrations = path.join(dataDir, 'old-migrations');
    // A token as lucia made them before: 40 base32 characters, stored as the session id itself.
    const oldToken = generateIdFromEntropySize(25);
    const email = 'before-upgrade@example.test';
    const seed = [
      sql`insert into users (id, email, hashed_password, email_verified, display_name, role)
        values ('user-before-upgrade', ${email}, 'not-a-real-hash', true, 'Early Bird', 'person')`,
      sql`insert into sessions (id, user_id, expires_at)
        values (${oldToken}, 'user-before-upgrade', now() + interval '20 days')`,
    ];
    let upgraded: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      await migrationsBeforeHashing(oldMigrations);
      if (database) {
        const client = postgres(database.url, { max: 1, onnotice: () => {} });
        try {
          const db = drizzlePostgres(client);
          await migratePostgres(db, { migrationsFolder: oldMigrations });
          for (const statement of seed) await db.execute(statement);
        } finally {
          await client.end({ timeout: 5 });
        }
      } else {
        const client = await PGlite.create(path.join(dataDir, 'pgdata'));
        try {
          const db = drizzlePglite(client);
          await migratePglite(db, { migrationsFolder: oldMigrations });
          for (const statement of seed) await db.execute(statement);
        } finally {
          await client.close();
        }
      }

      upgraded = await startServer(testServerEnv(dataDir, database?.url));
      const me = await gqlData<MeData>(upgraded.url, ME, {}, { token: oldToken });
      expect(me.me).toEqual({ id: 'user-before-upgrade', email });
      const info = await rest(upgraded.url, 'GET', '/api/user/userinfo', undefined, undefined, {
        cookie: `session=${oldToken}`,
      });
      expect(info.status).toBe(200);
      const rows = await upgraded.deps.db.select({ id: sessions.id }).from(sessions);
      expect(rows).toEqual([{ id: sessionIdOf(oldToken) }]);
    } finally {
      await upgraded?.stop();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
