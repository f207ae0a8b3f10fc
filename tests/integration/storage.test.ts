import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { createStorage } from '../../server/src/storage/create-storage';
import { LocalDiskStorage } from '../../server/src/storage/local-disk';
import { S3_PART_BYTES, S3Storage } from '../../server/src/storage/s3';
import type { Storage } from '../../server/src/storage/storage';
import { createChannel, signUpVerified } from '../helpers/factories';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { startTestServerOn, type TestServer } from '../helpers/server';

/** A stream of `size` bytes (byte i is i % 251) in uneven chunks, failing after them when asked. */
function patterned(size: number, { failAfter = false, chunk = 1_000_003 } = {}): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        if (failAfter) this.destroy(new Error('the client went away'));
        else this.push(null);
        return;
      }
      const length = Math.min(chunk, size - sent);
      const bytes = Buffer.allocUnsafe(length);
      for (let i = 0; i < length; i++) bytes[i] = (sent + i) % 251;
      sent += length;
      this.push(bytes);
    },
  });
}

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let s3: LocalS3;
let diskRoot: string;
beforeAll(async () => {
  [s3, diskRoot] = await Promise.all([
    startLocalS3(),
    mkdtemp(path.join(os.tmpdir(), 'bumps-disk-')),
  ]);
});
afterAll(async () => {
  await s3?.stop();
  if (diskRoot) await rm(diskRoot, { recursive: true, force: true });
});

/** The same contract, whichever back end stores the files. */
describe.each([
  { backEnd: 'the local disk', make: (): Storage => new LocalDiskStorage(diskRoot) },
  { backEnd: 'S3 (s3rver)', make: (): Storage => new S3Storage(s3.settings) },
])('storage on $backEnd', ({ make }) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('keeps a file with its size and type, and answers it whole', async () => {
    expect(await storage.put('spaces/ww/stories/1-well.png', PNG, 'image/png')).toEqual({
      size: PNG.length,
    });
    expect(await storage.stat('spaces/ww/stories/1-well.png')).toEqual({
      size: PNG.length,
      contentType: 'image/png',
    });
    const file = await storage.get('spaces/ww/stories/1-well.png');
    expect(file).toMatchObject({ size: PNG.length, contentType: 'image/png' });
    expect(await bytesOf(file!.stream)).toEqual(PNG);
  });

  it('answers a byte range with the whole file’s size', async () => {
    await storage.put('range/letters.png', Buffer.from('abcdefghij'), 'image/png');
    const middle = await storage.get('range/letters.png', { start: 2, end: 5 });
    expect(middle).toMatchObject({ size: 10, contentType: 'image/png' });
    expect(await text(middle!.stream)).toBe('cdef');
    const last = await storage.get('range/letters.png', { start: 9, end: 9 });
    expect(await text(last!.stream)).toBe('j');
  });

  it('stores a stream of unknown length longer than several upload parts, byte for byte', async () => {
    const size = 2 * S3_PART_BYTES + 12_345;
    expect(await storage.put('big/two-parts-and-a-bit.png', patterned(size), 'image/png')).toEqual({
      size,
    });
    expect(await storage.stat('big/two-parts-and-a-bit.png')).toEqual({
      size,
      contentType: 'image/png',
    });
    // Across the first part boundary: the bytes on both sides are where they belong.
    const start = S3_PART_BYTES - 3;
    const across = await storage.get('big/two-parts-and-a-bit.png', { start, end: start + 5 });
    expect([...(await bytesOf(across!.stream))]).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => (start + i) % 251),
    );
    const whole = await bytesOf((await storage.get('big/two-parts-and-a-bit.png'))!.stream);
    expect(whole.length).toBe(size);
    expect(whole.every((byte, i) => byte === i % 251)).toBe(true);
  });

  it('stores a short stream and an empty one', async () => {
    expect(await storage.put('short/s.png', patterned(1_000, { chunk: 7 }), 'image/png')).toEqual({
      size: 1_000,
    });
    expect(await storage.put('short/empty.png', Readable.from([]), 'image/png')).toEqual({
      size: 0,
    });
    expect(await storage.stat('short/empty.png')).toEqual({ size: 0, contentType: 'image/png' });
  });

  it('stores a burst of streams at once, each whole', async () => {
    const sizes = Array.from({ length: 12 }, (_, i) => 100_000 + i);
    const stored = await Promise.all(
      sizes.map((size) => storage.put(`burst/${size}.png`, patterned(size), 'image/png')),
    );
    expect(stored).toEqual(sizes.map((size) => ({ size })));
    for (const size of sizes)
      expect(await storage.stat(`burst/${size}.png`)).toEqual({ size, contentType: 'image/png' });
  });

  it('stores nothing from a stream that fails, short or longer than a part', async () => {
    for (const size of [5_000, S3_PART_BYTES + 5_000]) {
      const key = `failed/${size}.png`;
      await expect(
        storage.put(key, patterned(size, { failAfter: true }), 'image/png'),
      ).rejects.toThrow('the client went away');
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.get(key)).toBeNull();
    }
  });

  it('keeps the earlier file when a replacing stream fails, and replaces it when one succeeds', async () => {
    await storage.put('replace/r.png', Buffer.from('first'), 'image/png');
    await expect(
      storage.put('replace/r.png', patterned(S3_PART_BYTES + 1, { failAfter: true }), 'image/png'),
    ).rejects.toThrow();
    expect(await text((await storage.get('replace/r.png'))!.stream)).toBe('first');
    await storage.put('replace/r.png', Buffer.from('second!'), 'image/png');
    expect(await storage.stat('replace/r.png')).toEqual({ size: 7, contentType: 'image/png' });
  });

  it('answers null for a file that is not there', async () => {
    expect(await storage.stat('nothing/here.png')).toBeNull();
    expect(await storage.get('nothing/here.png')).toBeNull();
    expect(await storage.get('nothing/here.png', { start: 0, end: 1 })).toBeNull();
  });

  it('deletes a file, and deleting a missing one is no error', async () => {
    await storage.put('gone/g.png', PNG, 'image/png');
    await storage.delete('gone/g.png');
    expect(await storage.stat('gone/g.png')).toBeNull();
    await expect(storage.delete('gone/g.png')).resolves.toBeUndefined();
  });

  it('refuses keys that could lead outside its root, on every call', async () => {
    for (const key of [
      '../escape.png',
      'a/../../escape.png',
      '/abs.png',
      'a//b.png',
      '',
      'a/./b.png',
    ])
      await Promise.all([
        expect(storage.put(key, PNG, 'image/png')).rejects.toThrow('unsafe storage key'),
        expect(storage.stat(key)).rejects.toThrow('unsafe storage key'),
        expect(storage.get(key)).rejects.toThrow('unsafe storage key'),
        expect(storage.delete(key)).rejects.toThrow('unsafe storage key'),
      ]);
  });
});

describe('choosing the back end', () => {
  const dataDir = os.tmpdir();

  it('keeps files on the local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeNull();
    expect(createStorage(loadConfig({ DATA_DIR: dataDir })).kind).toBe('local disk');
  });

  it('uses the bucket with S3_BUCKET, path-style by default only with an endpoint', () => {
    const withEndpoint = loadConfig({ DATA_DIR: dataDir, ...s3.env });
    expect(withEndpoint.s3).toMatchObject({
      bucket: s3.settings.bucket,
      endpoint: s3.settings.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(createStorage(withEndpoint).kind).toBe('s3');
    const aws = loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'files', S3_REGION: 'eu-west-1' });
    expect(aws.s3).toMatchObject({ bucket: 'files', region: 'eu-west-1', forcePathStyle: false });
    expect(
      loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_FORCE_PATH_STYLE: 'false' }).s3,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('refuses half an S3 key pair rather than fall back to other credentials', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id-only' }),
    ).toThrow('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  });
});

describe('the server on S3', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServerOn(undefined, s3.env);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stores a chat image in the bucket, none on the local disk, and serves it back with ranges', async () => {
    const [alice, bob] = await Promise.all([
      signUpVerified(server, { displayName: 'Alice' }),
      signUpVerified(server, { displayName: 'Bob' }),
    ]);
    const group = (await createChannel(server, alice, { type: 'group', members: [bob] })).id;
    const posted = await fetch(`${server.url}/api/chat/conversations/${group}/files`, {
      method: 'POST',
      headers: {
        'content-type': 'image/png',
        'x-file-name': 'well.png',
        authorization: `Bearer ${alice.token}`,
      },
      body: PNG,
    });
    expect(posted.status).toBe(201);
    const { url } = ((await posted.json()) as { data: { url: string } }).data;
    const key = url.replace(/^\/uploads\//u, '');

    expect(await new S3Storage(s3.settings).stat(key)).toEqual({
      size: PNG.length,
      contentType: 'image/png',
    });
    expect(await readdir(path.join(server.dataDir, 'uploads')).catch(() => [])).toEqual([]);

    const whole = await fetch(`${server.url}${url}`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(PNG);
    const part = await fetch(`${server.url}${url}`, {
      headers: { authorization: `Bearer ${bob.token}`, range: 'bytes=1-3' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(PNG.subarray(1, 4));
  });
});
