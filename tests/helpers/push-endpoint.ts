import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A push service of our own for the tests: an HTTPS server on 127.0.0.1 (a self-signed
 * certificate made for the run with openssl) that records every request and answers the status
 * chosen per endpoint (201 by default). `agent` trusts that certificate, and only it: the server
 * under test is given it (`config.pushAgent`), so nothing turns TLS checks off.
 */
export interface PushRequest {
  /** The endpoint's id (its last path segment). */
  id: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's side of a subscription: what it sends the server, and the keys to read pushes. */
export interface BrowserSubscription {
  id: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The push's payload, decrypted as the browser would (RFC 8291, aes128gcm). */
  decrypt(request: PushRequest): unknown;
}

export interface PushEndpoint {
  agent: Agent;
  requests: PushRequest[];
  requestsTo(subscription: BrowserSubscription): PushRequest[];
  /** A new browser subscription whose endpoint is on this server. */
  subscription(): BrowserSubscription;
  /** The status the endpoint answers from now on (404 and 410: gone; 500: trouble). */
  answer(subscription: BrowserSubscription, status: number): void;
  close(): Promise<void>;
}

interface Ece {
  decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer;
}
// web-push's own encryption library, read the other way round.
const ece = createRequire(import.meta.url)('http_ece') as Ece;

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'push-cert-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const { key, cert } = selfSignedCertificate();
  const requests: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = (req.url ?? '').split('/').at(-1) ?? '';
      requests.push({ id, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(id) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ ca: cert, keepAlive: false });

  return {
    agent,
    requests,
    requestsTo: (subscription) => requests.filter((request) => request.id === subscription.id),
    subscription() {
      const id = randomUUID();
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        id,
        json: {
          endpoint: `https://127.0.0.1:${port}/push/${id}`,
          keys: { p256dh: keys.getPublicKey('base64url'), auth },
        },
        decrypt: (request) =>
          JSON.parse(
            ece
              .decrypt(request.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth })
              .toString('utf8'),
          ) as unknown,
      };
    },
    answer: (subscription, status) => void statuses.set(subscription.id, status),
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
