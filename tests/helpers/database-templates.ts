import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase } from '../../server/src/db/client';

/**
 * Every test server used to start on an empty database and apply every migration itself: on
 * PGlite that is an initdb plus the migrations, about ten times the cost of opening a copy. The
 * global setup (`vitest.config.ts`) migrates one PGlite data directory and, with
 * TEST_DATABASE_URL, one PostgreSQL template database per run; servers start on copies of them.
 * Their own migration step then finds everything applied, as a server restarting does.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite `pgdata` directory to copy. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to create test databases from; '' without one. */
    postgresTemplate: string;
  }
}

/** Vitest's global setup: makes the templates, and removes them when the run ends. */
export default async function setup({
  provide,
}: {
  provide: <K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K, value: string) => void;
}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bumps-template-'));
  const pglite = await openDatabase({ dataDir: root });
  await pglite.migrate();
  await pglite.close();
  provide('pgliteTemplate', path.join(root, 'pgdata'));

  const adminUrl = process.env.TEST_DATABASE_URL;
  let templateName = '';
  if (adminUrl) {
    templateName = `test_template_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${templateName}`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    const url = new URL(adminUrl);
    url.pathname = `/${templateName}`;
    const template = await openDatabase({ url: url.toString(), dataDir: root });
    try {
      await template.migrate();
    } finally {
      await template.close();
    }
  }
  provide('postgresTemplate', templateName);

  return async () => {
    rmSync(root, { recursive: true, force: true });
    if (!adminUrl || !templateName) return;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`drop database if exists ${templateName} with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
}

/**
 * A new DATA_DIR holding a copy of the migrated PGlite database (an empty one when the global
 * setup did not run, e.g. a file run outside vitest's config).
 */
export function migratedDataDir(prefix = 'bumps-test-'): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = inject('pgliteTemplate');
  if (template && existsSync(template))
    cpSync(template, path.join(dataDir, 'pgdata'), { recursive: true });
  return dataDir;
}

/** The migrated PostgreSQL template to copy, or null (then a test database starts empty). */
export const postgresTemplate = (): string | null => inject('postgresTemplate') || null;
