import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../bench/processes';

const run = promisify(execFile);
/** Where Debian puts each installed PostgreSQL major version (`/usr/lib/postgresql/<major>/bin`). */
const DEBIAN_POSTGRESQL = '/usr/lib/postgresql';

/** The newest PostgreSQL installed whose binaries include initdb, or null with none. */
function newestPostgresBin(): string | null {
  const majors = existsSync(DEBIAN_POSTGRESQL)
    ? readdirSync(DEBIAN_POSTGRESQL).filter((major) => /^\d+$/u.test(major))
    : [];
  const bins = majors
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => path.join(DEBIAN_POSTGRESQL, major, 'bin'));
  return bins.find((bin) => existsSync(path.join(bin, 'initdb'))) ?? null;
}

const BIN = newestPostgresBin();

/**
 * A throw-away PostgreSQL cluster of a test's own, on a free port, so a test can stop and restart
 * PostgreSQL without disturbing the shared server other test files use. Needs Debian's PostgreSQL
 * binaries (the newest major installed); as root, the cluster runs as the `postgres` user (PostgreSQL refuses root).
 */
export interface PgCluster {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** A fast restart: PostgreSQL ends every connection, as an operator's restart or a failover does. */
  restart(): Promise<void>;
  /**
   * Stops every PostgreSQL process without closing a connection (SIGSTOP), as a frozen host or a
   * network partition looks to a client: queries wait, nothing is refused. `thaw` resumes them.
   */
  freeze(): Promise<void>;
  thaw(): Promise<void>;
  destroy(): Promise<void>;
}

export const pgClusterAvailable = () => BIN !== null;

export async function createPgCluster(): Promise<PgCluster> {
  const bin = BIN;
  if (!bin) throw new Error(`no PostgreSQL binaries under ${DEBIAN_POSTGRESQL}`);
  const root = await mkdtemp(path.join(os.tmpdir(), 'bumps-pg-'));
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(root, 0o700);
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  /** The postmaster (first line of postmaster.pid) and its children. */
  const signalAll = async (signal: 'STOP' | 'CONT') => {
    const postmaster = (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split(
      '\n',
    )[0]!;
    const { stdout } = await run('pgrep', ['-P', postmaster]);
    await run('kill', [`-${signal}`, postmaster, ...stdout.split('\n').filter(Boolean)]);
  };
  const ctl = (action: string, extra: string[] = []) =>
    pg('pg_ctl', [action, '-D', dataDir, '-w', '-t', '30', '-o', options, ...extra]);
  await ctl('start', ['-l', path.join(root, 'log')]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => void (await ctl('stop', ['-m', 'fast'])),
    start: async () => void (await ctl('start', ['-l', path.join(root, 'log')])),
    restart: async () => void (await ctl('restart', ['-m', 'fast', '-l', path.join(root, 'log')])),
    freeze: () => signalAll('STOP'),
    thaw: () => signalAll('CONT'),
    async destroy() {
      await signalAll('CONT').catch(() => {});
      await ctl('stop', ['-m', 'immediate']).catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
}
