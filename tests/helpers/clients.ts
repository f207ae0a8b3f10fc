import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { checkRestAnswer } from './rest-contract';

/** Clients a third party would use: GraphQL over HTTP, REST, graphql-ws, and the mail outbox. */

export interface GqlError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; field?: string; [key: string]: unknown };
}

export interface GqlResult<T> {
  data: T | null | undefined;
  errors: GqlError[] | undefined;
  status: number;
  headers: Headers;
}

export interface AuthOptions {
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Sent verbatim as the Cookie header (e.g. `session=<token>`). */
  cookie?: string;
  headers?: Record<string, string>;
}

const authHeaders = (options: AuthOptions = {}): Record<string, string> => ({
  ...(options.token && { authorization: `Bearer ${options.token}` }),
  ...(options.cookie && { cookie: options.cookie }),
  ...options.headers,
});

export async function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  options?: AuthOptions,
): Promise<GqlResult<T>> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeaders(options) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: GqlError[] };
  return {
    data: body.data,
    errors: body.errors,
    status: response.status,
    headers: response.headers,
  };
}

/** The data of a request that must succeed; otherwise fails with the errors it got. */
export async function gqlData<T>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  options?: AuthOptions,
): Promise<T> {
  const result = await gql<T>(url, query, variables, options);
  if (result.errors?.length || !result.data) {
    throw new Error(`GraphQL request failed (${result.status}): ${JSON.stringify(result.errors)}`);
  }
  return result.data;
}

/** The first error of a request that must fail, as `{ code, message, field }`. */
export async function gqlError(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  options?: AuthOptions,
): Promise<{ code?: string; message: string; field?: string; status: number }> {
  const result = await gql(url, query, variables, options);
  const error = result.errors?.[0];
  if (!error) throw new Error(`expected an error, got data ${JSON.stringify(result.data)}`);
  return {
    code: error.extensions?.code,
    message: error.message,
    field: error.extensions?.field,
    status: result.status,
  };
}

export interface RestError {
  code: string;
  message: string;
  field: string | null;
}

/** What every REST answer carries; each row adds its own fields. */
export interface RestBody {
  success: boolean;
  error?: RestError;
}

export interface RestResult<T> {
  status: number;
  body: T & RestBody;
  headers: Headers;
}

export async function rest<T = Record<string, unknown>>(
  url: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  pathAndQuery: string,
  body?: unknown,
  token?: string,
  headers?: Record<string, string>,
): Promise<RestResult<T>> {
  const response = await fetch(`${url}${pathAndQuery}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...authHeaders({ token, headers }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(
      `${method} ${pathAndQuery} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`,
    );
  }
  // Every answer is held to the server's OpenAPI document: its row, shape and error envelope.
  await checkRestAnswer(url, method, pathAndQuery, body, response.status, parsed);
  return { status: response.status, body: parsed as T & RestBody, headers: response.headers };
}

/** A live graphql-ws subscription that records what it receives. */
export interface LiveSubscription<T> {
  received: T[];
  errors: unknown[];
  /**
   * Resolves with the first `count` payloads, or fails after `timeoutMs` saying what did arrive.
   * To show something never arrives, cause a later event that must, and take up to it: a
   * channel's events arrive in order, so the unwanted one would have come first.
   */
  take(count: number, timeoutMs?: number): Promise<T[]>;
  /** Resolves when the server closes the socket, with the close code and reason it gave. */
  closedByServer: Promise<{ code: number; reason: string }>;
  /** Resolves when the server ends the subscription (complete) while the socket stays open. */
  completed: Promise<void>;
  close(): Promise<void>;
}

/** How long a test server may take to listen to a subscription (it resolves the space first). */
const LISTEN_TIMEOUT_MS = 5000;

/**
 * Subscribes over graphql-ws and resolves once the server listens (its test-mode signal, see
 * server/src/graphql/websocket.ts) or has already answered (an error, an end, a payload, a close):
 * whatever the test does next reaches the subscription.
 */
export async function subscribe<T>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string } = {},
): Promise<LiveSubscription<T>> {
  let serverClosed: (event: { code: number; reason: string }) => void = () => {};
  const closedByServer = new Promise<{ code: number; reason: string }>(
    (resolve) => (serverClosed = resolve),
  );
  let markSettled: () => void = () => {};
  const settled = new Promise<void>((resolve) => (markSettled = resolve));
  let closing = false;
  // One operation per client, so the id the server names in its signal is known here.
  const operationId = randomUUID();
  const client: Client = createClient({
    url: `${url.replace(/^http/u, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: options.token ? { token: options.token } : {},
    lazy: false,
    retryAttempts: 0,
    generateID: () => operationId,
    // A close the server chose (a session ending) is recorded in closedByServer, not printed.
    onNonLazyError: () => {},
    on: {
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        if (!closing) serverClosed({ code, reason: String(reason) });
        markSettled();
      },
      pong: (_received, payload) => {
        if (payload?.subscribed === operationId) markSettled();
      },
    },
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('websocket did not connect within 5 s')), 5000);
    client.on('connected', () => {
      clearTimeout(timer);
      resolve();
    });
    client.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error('websocket connection failed'));
    });
  });

  let markCompleted: () => void = () => {};
  const completed = new Promise<void>((resolve) => (markCompleted = resolve));
  const received: T[] = [];
  const errors: unknown[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    markSettled();
    waiters.forEach((waiter) => waiter());
  };
  client.subscribe<T>(
    { query, variables },
    {
      next: (result) => {
        if (result.errors?.length) errors.push(...result.errors);
        if (result.data) received.push(result.data);
        wake();
      },
      error: (error) => {
        errors.push(error);
        wake();
      },
      complete: () => {
        markCompleted();
        wake();
      },
    },
  );
  await withTimeout(
    settled,
    LISTEN_TIMEOUT_MS,
    `the server did not listen to the subscription within ${LISTEN_TIMEOUT_MS} ms`,
  );

  return {
    received,
    errors,
    take(count, timeoutMs = 5000) {
      return new Promise<T[]>((resolve, reject) => {
        const check = () => {
          if (errors.length) {
            cleanup();
            reject(new Error(`subscription failed: ${JSON.stringify(errors)}`));
          } else if (received.length >= count) {
            cleanup();
            resolve(received.slice(0, count));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `expected ${count} subscription event(s) within ${timeoutMs} ms, got ${received.length}: ${JSON.stringify(received)}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    closedByServer,
    completed,
    async close() {
      closing = true;
      await client.dispose();
    },
  };
}

/** `promise`, or a failure saying `failure` once `ms` pass. */
async function withTimeout<T>(promise: Promise<T>, ms: number, failure: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(failure)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link?: string;
}

/** Every mail written to DATA_DIR/outbox for `to`, oldest first. */
export function mailsTo(dataDir: string, to: string): Mail[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .map((file) => {
      const full = path.join(outbox, file);
      return {
        mail: JSON.parse(readFileSync(full, 'utf8')) as Mail,
        at: statSync(full, { bigint: true }).mtimeNs,
      };
    })
    .filter(({ mail }) => mail.to === to)
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .map(({ mail }) => mail);
}

export function latestMailTo(dataDir: string, to: string): Mail {
  const mail = mailsTo(dataDir, to).at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}

/** The `?token=…` of a mail's link. */
export function tokenFromMail(mail: Mail): string {
  const token = mail.link ? new URL(mail.link).searchParams.get('token') : null;
  if (!token)
    throw new Error(`mail "${mail.subject}" has no ?token= link: ${mail.link ?? '(no link)'}`);
  return token;
}
