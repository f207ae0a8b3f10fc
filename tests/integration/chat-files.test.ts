import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES, CHAT_MESSAGES } from '@rules';
import { gqlData, gqlError } from '../helpers/clients';
import {
  DELETE_CHAT_MESSAGE,
  SEND_CHAT_MESSAGE,
  createChannel,
  openDirectChat,
  sendMessage,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
/** Alice and Bob's group; Outsider is not in it. */
let group: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, outsider] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Outsider' }),
  ]);
  group = (await createChannel(server, alice, { type: 'group', members: [bob] })).id;
});
afterAll(async () => {
  await server?.stop();
});

/** A 1×1 PNG, and bytes that start like a JPEG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);

interface Upload {
  url: string;
  name: string;
  type: string;
  size: number;
}

async function upload(
  user: TestUser | null,
  conversationId: string,
  body: Buffer | ReadableStream<Uint8Array>,
  options: { name?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}/api/chat/conversations/${conversationId}/files`, {
    method: 'POST',
    headers: {
      'content-type': 'image/png',
      ...(options.name !== undefined && { 'x-file-name': options.name }),
      ...(user && { authorization: `Bearer ${user.token}` }),
      ...options.headers,
    },
    body,
    duplex: 'half',
  } as RequestInit);
  const json = (await response.json()) as {
    success: boolean;
    data?: Upload;
    error?: { code: string; message: string };
  };
  return { status: response.status, ...json };
}

const uploaded = async (user: TestUser, conversationId: string, bytes = PNG, name = 'well.png') => {
  const answer = await upload(user, conversationId, bytes, { name });
  expect(answer.status).toBe(201);
  return answer.data!;
};

const download = (url: string, user: TestUser | null, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, {
    headers: { ...(user && { authorization: `Bearer ${user.token}` }), ...headers },
  });

/** The files under a conversation's prefix in DATA_DIR/uploads. */
const storedFiles = (conversationId: string) =>
  readdir(path.join(server.dataDir, 'uploads', 'chatgroups', conversationId)).catch(() => []);

describe('uploading an image', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(await upload(null, group, PNG, { name: 'a.png' })).toMatchObject({
      status: 401,
      success: false,
    });
  });

  it('stores a member’s png under the conversation and answers the file for the message', async () => {
    const answer = await upload(bob, group, PNG, { name: 'my well.png' });
    expect(answer).toMatchObject({
      status: 201,
      success: true,
      data: { name: 'my well.png', type: 'image/png', size: PNG.length },
    });
    expect(answer.data!.url).toMatch(
      new RegExp(`^/uploads/chatgroups/${group}/\\d+-[0-9a-f]{8}-my-well\\.png$`, 'u'),
    );
  });

  it('tells a jpeg by its bytes, and names a file that came without a name', async () => {
    const jpeg = await uploaded(bob, group, JPEG, 'photo.JPG');
    expect(jpeg).toMatchObject({ type: 'image/jpeg', name: 'photo.JPG' });
    const unnamed = await upload(bob, group, PNG);
    expect(unnamed.data?.url).toMatch(/\/\d+-[0-9a-f]{8}-image\.png$/u);
  });

  it('keeps images uploaded at once under one name apart', async () => {
    const files = await Promise.all([1, 2, 3].map(() => uploaded(bob, group, PNG, 'image.png')));
    expect(new Set(files.map((file) => file.url)).size).toBe(3);
  });

  it('refuses bytes that are not a jpg or png, whatever the name, with the chat picker’s message', async () => {
    for (const [bytes, name] of [
      [Buffer.from('<svg onload="alert(1)"></svg>'), 'picture.png'],
      [JPEG, 'picture.png'],
      [PNG, 'picture.gif'],
      [Buffer.alloc(0), 'empty.png'],
    ] as const)
      expect(await upload(bob, group, bytes, { name })).toMatchObject({
        status: 422,
        error: { code: 'BAD_USER_INPUT', message: CHAT_MESSAGES.imageType },
      });
  });

  it('refuses more than 10 MB, announced or streamed, and keeps nothing of it', async () => {
    const before = await storedFiles(group);
    const tooBig = Buffer.concat([PNG, Buffer.alloc(CHAT_IMAGE_MAX_BYTES)]);
    expect(await upload(bob, group, tooBig, { name: 'big.png' })).toMatchObject({
      status: 413,
      error: { message: CHAT_MESSAGES.imageTooLarge },
    });
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const streamed = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(sent === 0 ? Buffer.concat([PNG, chunk]) : chunk);
        if (++sent > 12) controller.close();
      },
    });
    expect(await upload(bob, group, streamed, { name: 'stream.png' })).toMatchObject({
      status: 413,
      error: { message: CHAT_MESSAGES.imageTooLarge },
    });
    expect(await storedFiles(group)).toEqual(before);
  });

  it('answers someone outside the conversation as if it did not exist', async () => {
    expect(await upload(outsider, group, PNG, { name: 'a.png' })).toMatchObject({
      status: 404,
      error: { message: CHAT_MESSAGES.notMember },
    });
  });

  it('needs proof of the app’s own page when sent with the session cookie', async () => {
    const cookie = { cookie: `session=${bob.token}` };
    const origin = { origin: server.url };
    expect(
      await upload(null, group, PNG, { name: 'a.png', headers: { ...cookie, ...origin } }),
    ).toMatchObject({ status: 403 });
    expect(
      await upload(null, group, PNG, {
        name: 'a.png',
        headers: { ...cookie, ...origin, 'x-requested-with': 'XMLHttpRequest' },
      }),
    ).toMatchObject({ status: 201 });
  });
});

describe('serving a conversation’s image', () => {
  let file: Upload;
  beforeAll(async () => {
    file = await uploaded(bob, group);
  });

  it('serves it to a member, by token or cookie', async () => {
    const response = await download(file.url, alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    const byCookie = await download(file.url, null, { cookie: `session=${alice.token}` });
    expect(byCookie.status).toBe(200);
  });

  it('serves the ranges asked for, and 416 past the end', async () => {
    const first = await download(file.url, alice, { range: 'bytes=0-7' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-7/${PNG.length}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PNG.subarray(0, 8));
    const last = await download(file.url, alice, { range: 'bytes=-4' });
    expect(Buffer.from(await last.arrayBuffer())).toEqual(PNG.subarray(-4));
    const rest = await download(file.url, alice, { range: 'bytes=60-' });
    expect(rest.headers.get('content-range')).toBe(`bytes 60-${PNG.length - 1}/${PNG.length}`);
    const past = await download(file.url, alice, { range: `bytes=${PNG.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${PNG.length}`);
  });

  it('answers 404 to anyone else, signed out included, as to a file that does not exist', async () => {
    for (const user of [outsider, null]) {
      const response = await download(file.url, user);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/json/u);
    }
    expect((await download(`/uploads/chatgroups/${group}/nothing.png`, alice)).status).toBe(404);
    expect(
      (await download(`/uploads/chatgroups/${group}/..%2F..%2Fapp-secret`, alice)).status,
    ).toBe(404);
    expect((await download('/uploads/elsewhere/file.png', alice)).status).toBe(404);
  });
});

describe('a message with images', () => {
  const send = (user: TestUser, conversationId: string, files: unknown[], text = '') =>
    gqlError(
      server.url,
      SEND_CHAT_MESSAGE,
      { input: { id: crypto.randomUUID(), conversationId, text, files } },
      { token: user.token },
    );

  it('may have no text, and carries the files as stored (size and type from storage)', async () => {
    const file = await uploaded(bob, group);
    const message = await sendMessage(
      server,
      bob,
      { conversationId: group },
      { text: '<p></p>', files: [{ ...file, size: 1, type: 'image/jpeg' }] },
    );
    expect(message).toMatchObject({ text: '', files: [file] });
  });

  it('cannot show a file of another conversation, or one that was never uploaded', async () => {
    const direct = (await openDirectChat(server, alice, outsider)).id;
    const theirs = await uploaded(outsider, direct);
    const ours = await uploaded(bob, group);
    for (const url of [
      theirs.url,
      `/uploads/chatgroups/${group}/0-missing.png`,
      `/uploads/chatgroups/${group}/../${direct}/${theirs.url.split('/').at(-1)}`,
      'https://example.com/a.png',
    ])
      expect(await send(bob, group, [{ ...ours, url }])).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: CHAT_MESSAGES.fileNotFound,
      });
  });

  it('refuses more than 5 files with "Maximum only 5 files allowed"', async () => {
    const file = await uploaded(bob, group);
    expect(
      await send(
        bob,
        group,
        Array.from({ length: 6 }, () => file),
        '<p>Many</p>',
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', message: CHAT_MESSAGES.tooManyFiles });
  });

  it('takes its files from storage when deleted, unless another message still shows them', async () => {
    const shared = await uploaded(bob, group);
    const own = await uploaded(bob, group);
    const first = await sendMessage(
      server,
      bob,
      { conversationId: group },
      { files: [shared, own] },
    );
    await sendMessage(server, bob, { conversationId: group }, { files: [shared] });
    await gqlData(
      server.url,
      DELETE_CHAT_MESSAGE,
      { conversationId: group, messageId: first.id },
      { token: bob.token },
    );
    expect((await download(own.url, alice)).status).toBe(404);
    expect((await download(shared.url, alice)).status).toBe(200);
  });
});
