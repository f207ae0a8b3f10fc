import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { freePort } from '../bench/processes';

const BIN = '/usr/bin/redis-server';

/**
 * A throw-away Redis of a test's own on a free port (Debian's `redis-server`), kept in memory
 * only (`--save '' --appendonly no`), so a test can stop and restart it without disturbing anyone.
 */
export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and starts it again on the same port: every client connection is dropped. */
  restart(): Promise<void>;
}

export const redisServerAvailable = () => existsSync(BIN);

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      BIN,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (started.exitCode !== null)
        throw new Error(`redis-server exited with ${started.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not answer within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async restart() {
      await stop();
      await start();
    },
  };
}
