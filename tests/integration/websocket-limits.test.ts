import { REQUEST_MAX_BYTES } from '@rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { openRawSocket, type Message, type RawSocket } from '../helpers/raw-socket';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let person: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUpVerified(server);
});
afterAll(async () => {
  await server?.stop();
});

const sockets: RawSocket[] = [];
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

/** A socket on /graphql; `init` sends connection_init (with the token when given) and awaits the ack. */
async function connect(options: { token?: string; init?: boolean } = {}): Promise<RawSocket> {
  const socket = await openRawSocket(server.url);
  sockets.push(socket);
  if (options.init ?? true) {
    socket.send({
      type: 'connection_init',
      payload: options.token ? { token: options.token } : {},
    });
    await socket.next((message) => message.type === 'connection_ack');
  }
  return socket;
}

/** A `connection_init` message of exactly `bytes` bytes. */
const initMessageOf = (bytes: number) => {
  const empty = JSON.stringify({ type: 'connection_init', payload: { pad: '' } });
  return JSON.stringify({
    type: 'connection_init',
    payload: { pad: 'x'.repeat(bytes - empty.length) },
  });
};

const LIVE = 'subscription { storyAdded { id } }';
const TYPENAME = '{ __typename }';

/** Opens `count` live subscriptions (ids `prefix1`…), then one more that must be refused. */
async function fillSocket(socket: RawSocket, prefix: string, count: number) {
  for (let i = 1; i <= count; i += 1) socket.subscribe(`${prefix}${i}`, LIVE);
  // The refusal of the extra one also tells that the server has received all before it.
  socket.subscribe(`${prefix}-extra`, LIVE);
  return socket.answer(`${prefix}-extra`);
}

describe('message size', () => {
  it('closes a socket whose message is over 1 MB with 1009, before sign-in, and only that socket', async () => {
    const bystander = await connect();
    const oversized = await connect({ init: false });
    oversized.send(initMessageOf(REQUEST_MAX_BYTES + 1));
    expect((await oversized.closed).code).toBe(1009);
    expect(oversized.messages).toEqual([]);

    bystander.subscribe('q', TYPENAME);
    expect(await bystander.answer('q')).toMatchObject({
      type: 'next',
      payload: { data: { __typename: 'Query' } },
    });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('accepts a message of exactly 1 MB', async () => {
    const socket = await connect({ init: false });
    socket.send(initMessageOf(REQUEST_MAX_BYTES));
    expect(await socket.next((message) => message.type === 'connection_ack')).toBeTruthy();
  });
});

describe('operations open at once', () => {
  it('refuses the 101st operation on one socket with an error for that operation only', async () => {
    const socket = await connect();
    expect(await fillSocket(socket, 's', 100)).toEqual({
      id: 's-extra',
      type: 'error',
      payload: [
        {
          message: 'Too many operations are open on this connection',
          extensions: { code: 'RATE_LIMITED' },
        },
      ],
    });
    // The socket stays open, and completing one subscription makes room for another operation.
    socket.send({ id: 's1', type: 'complete' });
    socket.subscribe('after', TYPENAME);
    expect(await socket.answer('after')).toMatchObject({
      type: 'next',
      payload: { data: { __typename: 'Query' } },
    });
  });

  it("refuses a person's 201st operation across their sockets, not other people's", async () => {
    const first = await connect({ token: person.token });
    const second = await connect({ token: person.token });
    const third = await connect({ token: person.token });
    await fillSocket(first, 'a', 100);
    await fillSocket(second, 'b', 100);

    third.subscribe('c1', LIVE);
    expect(await third.answer('c1')).toEqual({
      id: 'c1',
      type: 'error',
      payload: [
        {
          message: 'Too many operations are open for this account',
          extensions: { code: 'RATE_LIMITED' },
        },
      ],
    });

    const someoneElse = await signUpVerified(server);
    const theirs = await connect({ token: someoneElse.token });
    theirs.subscribe('q', TYPENAME);
    expect((await theirs.answer('q')).type).toBe('next');

    // Closing a socket gives its share back.
    await first.close();
    let answer: Message | undefined;
    for (let attempt = 0; attempt < 20 && answer?.type !== 'next'; attempt += 1) {
      third.subscribe(`retry${attempt}`, TYPENAME);
      answer = await third.answer(`retry${attempt}`);
      if (answer.type !== 'next') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answer).toMatchObject({ type: 'next', payload: { data: { __typename: 'Query' } } });
  });
});

describe('bad operations', () => {
  it('answers a query that does not parse with an error for that operation; the socket keeps working', async () => {
    const socket = await connect();
    socket.subscribe('bad', 'subscription { storyAdded {');
    expect(await socket.answer('bad')).toMatchObject({
      type: 'error',
      payload: [
        {
          message: expect.stringMatching(/^Syntax Error/u),
          extensions: { code: 'GRAPHQL_PARSE_FAILED' },
        },
      ],
    });
    socket.subscribe('good', TYPENAME);
    expect(await socket.answer('good')).toMatchObject({
      type: 'next',
      payload: { data: { __typename: 'Query' } },
    });
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('answers a variable of the wrong shape with BAD_USER_INPUT for that operation', async () => {
    const socket = await connect();
    socket.send({
      id: 'shape',
      type: 'subscribe',
      payload: { query: 'query($id: ID!) { story(id: $id) { id } }', variables: { id: {} } },
    });
    expect(await socket.answer('shape')).toMatchObject({
      type: 'error',
      payload: [
        { message: expect.stringMatching(/\$id/u), extensions: { code: 'BAD_USER_INPUT' } },
      ],
    });
  });

  it('refuses the fragment bomb in milliseconds, as over HTTP', async () => {
    const socket = await connect();
    const fragments = Array.from(
      { length: 9 },
      (_, level) =>
        `fragment F${level} on Subscription { ${Array(10)
          .fill(`...F${level + 1}`)
          .join(' ')} }`,
    );
    const started = performance.now();
    socket.subscribe(
      'bomb',
      `subscription { ...F0 } ${fragments.join(' ')} fragment F9 on Subscription { __typename }`,
    );
    const answer = await socket.answer('bomb');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer).toMatchObject({
      type: 'error',
      payload: expect.arrayContaining([
        { message: 'Query is too complex', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
      ]),
    });
  });

  it('refuses a document of more than 1,000 tokens, as over HTTP', async () => {
    const socket = await connect();
    socket.subscribe('long', `{ ${'__typename '.repeat(1001)}}`);
    expect(await socket.answer('long')).toMatchObject({
      type: 'error',
      payload: [
        {
          message: expect.stringMatching(/1000 tokens/u),
          extensions: { code: 'GRAPHQL_PARSE_FAILED' },
        },
      ],
    });
  });
});
