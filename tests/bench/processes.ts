import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { childPids } from './cpu';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  /** The primary's pid: with its children, everything the server runs. */
  pid: number;
  stop(): Promise<void>;
}

/** A port nobody listens on now (the OS picks it), so cluster workers can be told one. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `node --import tsx <entry>` (what `npm start` runs, without npm's and tsx's wrapper
 * processes) and resolves once `workers` worker processes exist and `readyUrl` answers 200.
 */
export async function spawnServer(options: {
  entry: string;
  env: NodeJS.ProcessEnv;
  workers: number;
  readyUrl: string;
  url: string;
  /** Node flags; cluster workers inherit them. */
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', options.entry];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.entry} exited early:\n${stderr}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.entry} was not ready within 60 s:\n${stderr}`);
    }
    const workersUp = options.workers === 1 || childPids(child.pid!).length === options.workers;
    const ready = await fetch(options.readyUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (workersUp && ready) break;
    await sleep(200);
  }
  // Every worker answers once before any measuring (connections go round-robin).
  for (let i = 0; i < options.workers * 2; i++) await fetch(options.readyUrl);
  return { url: options.url, pid: child.pid!, stop };
}
