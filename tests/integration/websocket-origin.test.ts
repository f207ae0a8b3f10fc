import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { openRawSocket, type RawSocket } from '../helpers/raw-socket';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A page of another origin cannot use the browser's session cookie over the websocket: the cookie
 * rides on any handshake from the same site (another port of this host, a sibling subdomain), so
 * a socket signed in by the cookie alone is closed with 4403 unless its Origin is this server's.
 * Sockets that hand over their token, and signed-out ones, are welcome from anywhere.
 */
let server: TestServer;
let victim: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  victim = await signUpVerified(server, { displayName: 'Victim' });
});
afterAll(async () => {
  await server?.stop();
});

const sockets: RawSocket[] = [];
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.close()));
});

const ME = `query { me { email } }`;
const RENAME = `mutation($name: String!) { updateProfile(input: { displayName: $name }) { displayName } }`;
const FORBIDDEN = { code: 4403, reason: 'Forbidden' };

/** Another port of the same host: same site, so the browser sends the cookie along. */
const sameSiteOrigin = () => `http://127.0.0.1:${Number(new URL(server.url).port) + 1}`;

/** A socket whose handshake carries `headers`, initialised with `connectionParams`. */
async function connect(headers: Record<string, string>, connectionParams: object = {}) {
  const socket = await openRawSocket(server.url, { headers });
  sockets.push(socket);
  socket.send({ type: 'connection_init', payload: connectionParams });
  return socket;
}

const acknowledged = (socket: RawSocket) =>
  socket.next((message) => message.type === 'connection_ack');

/** What the other page does with its socket: once acknowledged, reads the e-mail and renames. */
async function useAsStranger(socket: RawSocket) {
  const opened = await Promise.race([
    acknowledged(socket).then(() => true),
    socket.closed.then(() => false),
  ]);
  if (!opened) return;
  socket.subscribe('me', ME);
  socket.subscribe('rename', RENAME, { name: 'Renamed by a stranger' });
  await socket.answer('rename');
}

const cookie = (person: TestUser) => `session=${person.token}`;

const displayName = async () =>
  (
    await gqlData<{ me: { displayName: string } }>(
      server.url,
      `query { me { displayName } }`,
      {},
      { token: victim.token },
    )
  ).me.displayName;

describe('a socket signed in by the session cookie', () => {
  it('is closed with 4403 from another port of the same host: no e-mail read, no profile changed', async () => {
    const socket = await connect({ origin: sameSiteOrigin(), cookie: cookie(victim) });
    await useAsStranger(socket);
    expect(socket.messages).toEqual([]);
    expect(await displayName()).toBe('Victim');
    expect(await socket.closed).toEqual(FORBIDDEN);
  });

  it('is closed with 4403 from another site, from `null` and without an Origin', async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {} as Record<string, string>,
    ]) {
      const socket = await connect({ ...headers, cookie: cookie(victim) });
      await useAsStranger(socket);
      expect(socket.messages).toEqual([]);
      expect(await socket.closed).toEqual(FORBIDDEN);
    }
  });

  it('works from this server: the address it was reached at, or PUBLIC_URL', async () => {
    for (const origin of [server.url, new URL(server.deps.config.publicUrl).origin]) {
      const socket = await connect({ origin, cookie: cookie(victim) });
      await acknowledged(socket);
      socket.subscribe('me', ME);
      expect((await socket.answer('me')).payload).toEqual({
        data: { me: { email: victim.email } },
      });
      socket.subscribe('rename', RENAME, { name: 'Victim' });
      expect((await socket.answer('rename')).payload).toEqual({
        data: { updateProfile: { displayName: 'Victim' } },
      });
    }
  });
});

describe('sockets without the cookie', () => {
  it('are signed in from any origin by the token in connectionParams (third-party clients)', async () => {
    const socket = await connect({ origin: sameSiteOrigin() }, { token: victim.token });
    await acknowledged(socket);
    socket.subscribe('me', ME);
    expect((await socket.answer('me')).payload).toEqual({ data: { me: { email: victim.email } } });
  });

  it('take the token over the cookie, from any origin', async () => {
    const other = await signUpVerified(server);
    const socket = await connect(
      { origin: 'https://client.example', cookie: cookie(victim) },
      { token: other.token },
    );
    await acknowledged(socket);
    socket.subscribe('me', ME);
    expect((await socket.answer('me')).payload).toEqual({ data: { me: { email: other.email } } });
  });

  it('are welcome signed out from any origin', async () => {
    const socket = await connect({ origin: 'https://evil.example' });
    await acknowledged(socket);
    socket.subscribe('me', ME);
    expect((await socket.answer('me')).payload).toEqual({ data: { me: null } });
  });
});
