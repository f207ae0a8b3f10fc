import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite is one process's database, and it does not stop a second process from opening the same
 * directory: both would then write the same files and corrupt them (a server running while
 * `npm run seed:demo` fills its DATA_DIR, or two servers on one DATA_DIR). A lock file beside the
 * data says which process has it open; a second opener is refused while that process lives, and
 * a lock left by a process that died (killed, crashed) is taken over.
 */

interface LockHolder {
  pid: number;
  host: string;
  /** Tells this opening's lock from a later one, so releasing never removes another's lock. */
  nonce: string;
  since: string;
}

/** The embedded database is open in another process; `message` says what to do. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      `The embedded database beside ${lockFile} is open in another process ` +
        `(${holder ? `pid ${holder.pid} on ${holder.host}, since ${holder.since}` : 'starting now'}). PGlite allows one process ` +
        `at a time: stop that process (the server?) and try again. If no such process is ` +
        `running, delete ${lockFile}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
  } catch {
    return null; // gone meanwhile, or a half-written file: both mean nobody holds it.
  }
}

/** Nonces of the locks this process holds (two openings in one process conflict too). */
const heldHere = new Set<string>();

/** Whether the holder may still be running; a process on another host cannot be checked. */
function holderAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  // Our pid but not a lock this process took: a restarted container (same hostname, same pid,
  // often 1) left it behind.
  if (holder.pid === process.pid) return heldHere.has(holder.nonce);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws DatabaseInUseError; returns the release function. */
export function lockDataDir(file: string): () => void {
  const own: LockHolder = {
    pid: process.pid,
    host: hostname(),
    nonce: randomUUID(),
    since: new Date().toISOString(),
  };
  const release = () => {
    heldHere.delete(own.nonce);
    if (readHolder(file)?.nonce !== own.nonce) return;
    try {
      unlinkSync(file);
    } catch {
      // Already removed by hand: nothing to release.
    }
  };
  // Twice at most: a stale lock is removed once; finding a lock again means another opener won.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(own));
      closeSync(fd);
      heldHere.add(own.nonce);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && holderAlive(holder)) throw new DatabaseInUseError(file, holder);
      if (attempt === 0) rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  throw new DatabaseInUseError(file, readHolder(file));
}
