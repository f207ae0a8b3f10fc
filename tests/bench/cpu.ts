import { readFileSync } from 'node:fs';

/**
 * CPU time actually spent, read from /proc (Linux): the measured server and the PostgreSQL
 * backends serving the bench database. Unlike requests/s, CPU per request barely depends on how
 * busy the machine is with other work, so it says what the ratio would be on a quiet machine.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of /proc/<path>/stat, in ms; null when unreadable. */
function statCpu(path: string): number | null {
  try {
    const stat = readFileSync(`/proc/${path}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ", field 3 (state) is index 0: utime is field 14 → index 11, stime → 12.
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** A process's children (the workers of a cluster primary). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Where a measured server runs: this process's main thread (in-process, as on PGlite; autocannon's
 * worker thread is not counted), or a spawned process and its children, every thread of them.
 */
export type ServerCpu = { kind: 'this-thread' } | { kind: 'process-tree'; root: number };

export interface CpuSnapshot {
  server: Map<string, number>;
  backends: Map<number, number>;
}

export const cpuAvailable = () => statCpu(`self/task/${process.pid}`) !== null;

function serverStatPaths(server: ServerCpu): string[] {
  if (server.kind === 'this-thread') return [`self/task/${process.pid}`];
  return [server.root, ...childPids(server.root)].map(String);
}

function readAll(paths: (string | number)[]) {
  const cpu = new Map<string, number>();
  for (const path of paths) {
    const spent = statCpu(String(path));
    if (spent !== null) cpu.set(String(path), spent);
  }
  return cpu;
}

export function snapshotCpu(server: ServerCpu, backendPids: number[]): CpuSnapshot {
  const backends = new Map<number, number>();
  for (const [pid, cpu] of readAll(backendPids)) backends.set(Number(pid), cpu);
  return { server: readAll(serverStatPaths(server)), backends };
}

const spentSince = <K>(before: Map<K, number>, after: Map<K, number>) => {
  let total = 0;
  for (const [key, cpu] of after) total += cpu - (before.get(key) ?? 0);
  return total;
};

/** CPU ms spent between two snapshots by the server and by PostgreSQL (new backends from 0). */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot) {
  return {
    server: spentSince(before.server, after.server),
    postgres: spentSince(before.backends, after.backends),
  };
}
