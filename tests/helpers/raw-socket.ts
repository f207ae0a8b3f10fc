import { once } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import WebSocket from 'ws';

export interface Message {
  type: string;
  id?: string;
  payload?: unknown;
}

/**
 * A graphql-transport-ws client on a raw `ws` socket: graphql-ws's own client hides close codes,
 * which operation an error belongs to, and the handshake's headers, which tests are about.
 */
export class RawSocket {
  readonly messages: Message[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Message);
      this.waiters.forEach((wake) => wake());
    });
    // Writing to a socket the server has just closed fails with EPIPE: the close code is the answer.
    ws.on('error', () => {});
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
  }

  send(message: Message | string) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  subscribe(id: string, query: string, variables?: Record<string, unknown>) {
    this.send({ id, type: 'subscribe', payload: { query, variables } });
  }

  /** The first message, received or to come, that `match` accepts. */
  next(match: (message: Message) => boolean, timeoutMs = 5000): Promise<Message> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.find(match);
        if (!found) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(`no matching message in ${timeoutMs} ms: ${JSON.stringify(this.messages)}`),
        );
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The first `next` or `error` message answering operation `id`. */
  answer(id: string, timeoutMs?: number) {
    return this.next(
      (message) => message.id === id && (message.type === 'next' || message.type === 'error'),
      timeoutMs,
    );
  }

  async close() {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close();
    await this.closed;
  }
}

/**
 * An open socket on the server's /graphql, its handshake carrying exactly `headers` (a browser's
 * Origin and Cookie, a proxy's X-Forwarded-For), from the loopback address `localAddress`.
 */
export async function openRawSocket(
  serverUrl: string,
  options: { headers?: OutgoingHttpHeaders; localAddress?: string } = {},
): Promise<RawSocket> {
  const ws = new WebSocket(`${serverUrl.replace(/^http/u, 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: options.headers,
    localAddress: options.localAddress,
  });
  const socket = new RawSocket(ws);
  await once(ws, 'open');
  return socket;
}
