/**
 * `npm run admin:create <email>`: makes the existing account with this e-mail a site admin (and
 * moderator), against the database the environment names (DATABASE_URL, else PGlite in DATA_DIR:
 * stop the server first, PGlite has one process). Prints what it did; exits 1 when no account has
 * the e-mail.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { makeAdmin } from '../modules/moderation/moderation-roles.service';

/** Opens the database, makes the account admin, closes it; the message to print. */
export async function createAdmin(
  email: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ ok: boolean; message: string }> {
  const config = loadConfig(env);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const user = await makeAdmin(database.db, email);
    return {
      ok: true,
      message: `${user.email} (${user.displayName}) is now an admin and moderator`,
    };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: `${error.message}: ${email}` };
    throw error;
  } finally {
    await database.close();
  }
}

async function main() {
  const email = process.argv[2];
  if (!email) {
    console.error('Usage: npm run admin:create <email>');
    process.exit(1);
  }
  const result = await createAdmin(email);
  (result.ok ? console.log : console.error)(result.message);
  process.exit(result.ok ? 0 : 1);
}

// Run as a script; imported (tests), it only exports createAdmin.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
