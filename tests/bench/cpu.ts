import { readFileSync } from 'node:fs';

/**
 * CPU time actually spent, read from /proc (Linux): this process's main thread (the measured
 * servers run there; autocannon runs in a worker thread, not counted) and the PostgreSQL backends
 * serving the bench database. Unlike requests/s, CPU per request barely depends on how busy the
 * machine is with other work, so it says what the ratio would be on a quiet machine.
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

export interface CpuSnapshot {
  node: number;
  backends: Map<number, number>;
}

export const cpuAvailable = () => statCpu(`self/task/${process.pid}`) !== null;

export function snapshotCpu(backendPids: number[]): CpuSnapshot {
  const backends = new Map<number, number>();
  for (const pid of backendPids) {
    const cpu = statCpu(String(pid));
    if (cpu !== null) backends.set(pid, cpu);
  }
  return { node: statCpu(`self/task/${process.pid}`) ?? 0, backends };
}

/** CPU ms spent between two snapshots: Node's main thread, and PostgreSQL backends (new ones from 0). */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot) {
  let postgres = 0;
  for (const [pid, cpu] of after.backends) postgres += cpu - (before.backends.get(pid) ?? 0);
  return { node: after.node - before.node, postgres };
}
