import { writeFile, readFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** The V8 CPU profile format (the parts used here). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Profiles this thread (the server's) with the inspector, from now until stop(file). */
export async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = (await session.post('Profiler.stop')) as unknown as {
        profile: CpuProfile;
      };
      session.disconnect();
      await writeFile(file, JSON.stringify(profile));
      process.stderr.write(summarize(profile));
      return file;
    },
  };
}

/** Which package (or server folder) a frame belongs to. */
function owner(url: string, functionName: string) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const server = url.indexOf('/server/src/');
  if (server >= 0) return `server/${url.slice(server + '/server/src/'.length)}`;
  return path.basename(url);
}

/** Self time by owner and by function, as shares of the profiled time. */
export function summarize(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)),
  );
  const total = [...self.values()].reduce((sum, value) => sum + value, 0);
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, time] of self) {
    const { callFrame } = byId.get(id)!;
    const who = owner(callFrame.url, callFrame.functionName);
    owners.set(who, (owners.get(who) ?? 0) + time);
    const name = `${callFrame.functionName || '(anonymous)'} ${who}:${callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + time);
  }
  // Inclusive: a sample counts for every owner on its stack (once each).
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, time] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { callFrame } = byId.get(at)!;
      seen.add(owner(callFrame.url, callFrame.functionName));
    }
    for (const who of seen) inclusive.set(who, (inclusive.get(who) ?? 0) + time);
  }
  const idle = owners.get('(idle)') ?? 0;
  const lines = [
    `CPU profile: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * idle) / total).toFixed(1)} % idle`,
  ];
  const share = (time: number) => `${((100 * time) / (total - idle)).toFixed(1).padStart(5)} %`;
  lines.push('self time by package / folder (share of busy time):');
  for (const [name, time] of [...owners]
    .filter(([name]) => name !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    lines.push(`  ${share(time)}  ${name}`);
  }
  lines.push('inclusive time by package / folder (the package or anything it called):');
  for (const [name, time] of [...inclusive]
    .filter(([name]) => !name.startsWith('('))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    lines.push(`  ${share(time)}  ${name}`);
  }
  lines.push('self time by function:');
  for (const [name, time] of [...functions]
    .filter(([name]) => !name.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    lines.push(`  ${share(time)}  ${name}`);
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx tests/bench/profile.ts <file.cpuprofile>');
  process.stdout.write(summarize(JSON.parse(await readFile(file, 'utf8')) as CpuProfile, 40));
}
