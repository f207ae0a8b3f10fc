import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumMissing = !existsSync(CHROMIUM);
export const SKIP_REASON = `Debian's Chromium is not installed at ${CHROMIUM} (apt-get install chromium); .ci/run installs it`;

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST_INDEX = path.join(ROOT, 'dist/client/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Browser tests run against the built client; rebuild when any client source or locale is newer. */
export function ensureClientBuilt() {
  const sources = Math.max(newestMtime(path.join(ROOT, 'client')), newestMtime(path.join(ROOT, 'locales')));
  if (existsSync(DIST_INDEX) && statSync(DIST_INDEX).mtimeMs >= sources) return;
  execFileSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** Playwright gives every launch a fresh, empty profile of its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
