import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDataDir } from '../../server/src/db/pglite-lock';

/** PGlite lets any process open its files; the lock keeps a second one (a server, the seed) out. */

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'bumps-lock-'));
  file = path.join(dir, 'pgdata.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('lockDataDir', () => {
  it('refuses a second opener while the first holds the lock, naming its pid', () => {
    const release = lockDataDir(file);
    expect(() => lockDataDir(file)).toThrow(DatabaseInUseError);
    expect(() => lockDataDir(file)).toThrow(`pid ${process.pid}`);
    release();
    expect(existsSync(file)).toBe(false);
    lockDataDir(file)();
  });

  it('takes over a lock left by a process that is gone', () => {
    writeFileSync(
      file,
      JSON.stringify({ pid: deadPid(), host: hostname(), nonce: 'old', since: 'earlier' }),
    );
    const release = lockDataDir(file);
    expect(() => lockDataDir(file)).toThrow(DatabaseInUseError);
    release();
  });

  it('takes over a lock with its own pid that it did not take (a container restarted on the same volume)', () => {
    writeFileSync(
      file,
      JSON.stringify({ pid: process.pid, host: hostname(), nonce: 'before-restart', since: 'x' }),
    );
    const release = lockDataDir(file);
    expect(() => lockDataDir(file)).toThrow(DatabaseInUseError);
    release();
  });

  it('does not remove a lock that another opener took after it', () => {
    const release = lockDataDir(file);
    rmSync(file); // removed by hand, then taken by someone else
    const other = lockDataDir(file);
    release();
    expect(existsSync(file)).toBe(true);
    other();
  });
});
