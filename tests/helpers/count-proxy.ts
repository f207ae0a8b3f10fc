import net, { type AddressInfo } from 'node:net';

/**
 * A pass-through TCP proxy in front of PostgreSQL that reads the frontend half of the wire
 * protocol and counts messages by type. Counting on the wire sees exactly what the server sends,
 * whatever builds the SQL (Drizzle, lucia's adapter, raw postgres.js), and needs neither
 * pg_stat_statements (not preloaded here) nor log parsing.
 *
 *   Q  simple query          → one statement
 *   P  Parse, B Bind         → extended protocol (a Parse means the statement was not prepared yet)
 *   E  Execute               → one statement
 *   S  Sync, H Flush         → the client waits for the server's answer: one round trip each
 *                              (postgres.js sends Parse+Describe+Flush first for an unnamed statement
 *                              with parameters, then Bind+Execute+Sync: two round trips)
 */
export interface MessageCounts {
  query: number;
  parse: number;
  bind: number;
  execute: number;
  sync: number;
  flush: number;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

export interface CountingProxy {
  /** postgres://… URL that reaches the target through the proxy. */
  url: string;
  snapshot(): MessageCounts;
  close(): Promise<void>;
}

export async function startCountingProxy(targetUrl: string): Promise<CountingProxy> {
  const target = new URL(targetUrl);
  const counts: MessageCounts = { query: 0, parse: 0, bind: 0, execute: 0, sync: 0, flush: 0 };
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    const upstream = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(client);
    sockets.add(upstream);
    let started = false;
    let pending: Buffer = Buffer.alloc(0);

    const count = (type: number) => {
      if (type === 0x51)
        counts.query++; // Q
      else if (type === 0x50)
        counts.parse++; // P
      else if (type === 0x42)
        counts.bind++; // B
      else if (type === 0x45)
        counts.execute++; // E
      else if (type === 0x53)
        counts.sync++; // S
      else if (type === 0x48) counts.flush++; // H
    };

    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (!started) {
          // Startup, SSLRequest and GSSENCRequest carry no type byte: int32 length, int32 code.
          if (pending.length < 8) break;
          const length = pending.readInt32BE(0);
          if (pending.length < length) break;
          const code = pending.readInt32BE(4);
          if (code !== SSL_REQUEST && code !== GSS_REQUEST) started = true;
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) break;
        const length = pending.readInt32BE(1);
        if (pending.length < length + 1) break;
        count(pending[0]!);
        pending = pending.subarray(length + 1);
      }
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    url: url.toString(),
    snapshot: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const diffCounts = (after: MessageCounts, before: MessageCounts): MessageCounts => ({
  query: after.query - before.query,
  parse: after.parse - before.parse,
  bind: after.bind - before.bind,
  execute: after.execute - before.execute,
  sync: after.sync - before.sync,
  flush: after.flush - before.flush,
});
