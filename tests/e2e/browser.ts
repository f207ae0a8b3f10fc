import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const chromiumMissing = !existsSync(CHROMIUM);
export const SKIP_REASON = `Debian's Chromium is not installed at ${CHROMIUM} (apt-get install chromium); .ci/run installs it`;

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The built client, which tests and the maps bench serve. */
export const CLIENT_DIST = path.join(ROOT, 'dist/client');
const DIST_INDEX = path.join(CLIENT_DIST, 'index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const BUILD_LOCK = path.join(ROOT, 'dist/.client-build.lock');
/** A build that still holds the lock after this long has died: its lock is taken over. */
const STALE_LOCK_MS = 10 * 60_000;

const newestSource = () =>
  Math.max(newestMtime(path.join(ROOT, 'client')), newestMtime(path.join(ROOT, 'locales')));

function clientIsFresh(): boolean {
  return existsSync(DIST_INDEX) && statSync(DIST_INDEX).mtimeMs >= newestSource();
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Browser tests run against the built client; rebuild when any client source or locale is newer.
 * Test files run in parallel workers: one builds (holding a lock directory, created atomically)
 * while the others wait, then find the build fresh, so no server serves a half-written dist.
 */
export function ensureClientBuilt() {
  if (clientIsFresh()) return;
  mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > STALE_LOCK_MS) {
        rmSync(BUILD_LOCK, { recursive: true, force: true });
      }
      sleep(250);
    }
  }
  try {
    if (clientIsFresh()) return;
    const builtFrom = newestSource();
    execFileSync(
      'npx',
      ['vite', 'build', '--config', 'client/vite.config.ts', '--logLevel', 'error'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        // The client people get: under vitest NODE_ENV is 'test', which would build React's
        // development bundle (several times the size, and slower to render).
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    // The build is as new as the sources it started from: a file edited while it ran is newer,
    // so the next test run builds again instead of serving a bundle without that edit. Rounded up
    // to the millisecond a Date holds, or the build would look older than its newest source.
    const builtAt = new Date(Math.ceil(builtFrom));
    utimesSync(DIST_INDEX, builtAt, builtAt);
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/**
 * Playwright gives every launch a fresh, empty profile of its own. `extraArgs` add switches, e.g.
 * FAKE_MEDIA_DEVICES for a test that uses the camera.
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
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
      ...extraArgs,
    ],
  });
}

/** A fake camera and microphone, granted without asking: for tests of the capture dialogs. */
export const FAKE_MEDIA_DEVICES = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
] as const;
