import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '@rules';
import {
  addParticipant,
  createPost,
  createPrivateSpace,
  createUpload,
  fetchMedia,
  giveSiteRole,
  headUpload,
  patchUpload,
  samplePng,
  setStatus,
  signUpVerified,
  suspend,
  uploadedItem,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let invited: TestUser;
let spaceId: string;
/**
 * An image on a story in the private space by its owner, and one on a story in the global
 * (public) space: a file is read as its post is.
 */
let privateItem: MediaItem;
let publicItem: MediaItem;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member, outsider, invited] = await Promise.all([
    signUpVerified(server, { displayName: 'Owner' }),
    signUpVerified(server, { displayName: 'Member' }),
    signUpVerified(server, { displayName: 'Outsider' }),
    signUpVerified(server, { displayName: 'Invited' }),
  ]);
  spaceId = (
    await createPrivateSpace(server, owner, {
      members: [
        { user: member, status: 'contributor' },
        { user: invited, status: 'invited' },
      ],
    })
  ).id;
  png = await samplePng(320, 240);
  [privateItem, publicItem] = await Promise.all([
    uploadedItem(server, owner.token, png, { filename: 'secret.png', spaceId }),
    uploadedItem(server, owner.token, png, { filename: 'open.png' }),
  ]);
  for (const [item, where] of [
    [privateItem, spaceId],
    [publicItem, 'ww'],
  ] as const) {
    const posted = await createPost(server, owner, 'Story', {
      story: '<p>Our #well</p>',
      spaceId: where,
      files: [{ uploadId: item.uploadId }],
    });
    expect(posted.errors).toBeUndefined();
  }
});
afterAll(async () => {
  await server?.stop();
});

describe("a private space's files", () => {
  it.each([
    ['a signed-out visitor', () => undefined],
    ['a signed-in outsider', () => outsider.token],
    ['someone only invited', () => invited.token],
  ])('are not found for %s, original and thumbnail', async (_who, token) => {
    for (const url of [privateItem.url, privateItem.thumbnailUrl!]) {
      const answer = await fetchMedia(server, url, { token: token() });
      expect(answer.status).toBe(404);
      expect(answer.bytes.includes(png.subarray(0, 16))).toBe(false);
    }
  });

  it('are served to a member, never kept by shared caches', async () => {
    const answer = await fetchMedia(server, privateItem.url, { token: member.token });
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(png)).toBe(true);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('cannot be started by an outsider (404, as for the posts)', async () => {
    const created = await createUpload(server, outsider.token, png.length, { spaceId });
    expect(created.status).toBe(404);
  });

  it('are refused to a member blocked while sending, keeping nothing', async () => {
    const leaver = await signUpVerified(server, { displayName: 'Leaver' });
    await addParticipant(server, owner, spaceId, leaver);
    const created = await createUpload(server, leaver.token, png.length, { spaceId });
    const half = await patchUpload(created.url!, leaver.token, 0, png.subarray(0, 100));
    expect(half.status).toBe(204);
    await setStatus(server, owner, spaceId, leaver, 'blocked');
    const last = await patchUpload(created.url!, leaver.token, 100, png.subarray(100));
    expect(last.status).toBe(404);
    const id = created.url!.split('/').pop()!;
    const incoming = await readdir(path.join(server.dataDir, 'uploads-incoming'));
    expect(incoming.filter((name) => name.startsWith(id))).toEqual([]);
    expect((await headUpload(created.url!, leaver.token)).status).toBe(404);
  });

  it('can be started by a member', async () => {
    const item = await uploadedItem(server, member.token, png, { spaceId, filename: 'm.png' });
    expect(item.type).toBe('image');
  });
});

describe("a public space's files", () => {
  it('are served to anyone, kept by no shared cache (their post may go)', async () => {
    const answer = await fetchMedia(server, publicItem.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(answer.headers.get('etag')).toBe(`"${publicItem.uploadId}"`);
  });

  it('answer 304 to a reader who has it already', async () => {
    const answer = await fetchMedia(server, publicItem.url, {
      headers: { 'if-none-match': `"${publicItem.uploadId}"` },
    });
    expect(answer.status).toBe(304);
  });

  it('are not found under another name or an unknown id', async () => {
    expect((await fetchMedia(server, `/api/media/${publicItem.uploadId}/other.png`)).status).toBe(
      404,
    );
    expect(
      (await fetchMedia(server, '/api/media/00000000-0000-4000-8000-000000000000/open.png')).status,
    ).toBe(404);
    expect((await fetchMedia(server, '/api/media/not-an-id/open.png')).status).toBe(404);
  });
});

describe('ranges', () => {
  it('answers a range with 206 and Content-Range', async () => {
    const answer = await fetchMedia(server, publicItem.url, { range: 'bytes=100-199' });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe(`bytes 100-199/${png.length}`);
    expect(answer.bytes.equals(png.subarray(100, 200))).toBe(true);
  });

  it('answers the first byte alone (bytes=0-0)', async () => {
    const answer = await fetchMedia(server, publicItem.url, { range: 'bytes=0-0' });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe(`bytes 0-0/${png.length}`);
    expect([...answer.bytes]).toEqual([png[0]]);
  });

  it('answers 416 to a range past the end', async () => {
    const answer = await fetchMedia(server, publicItem.url, {
      range: `bytes=${png.length}-`,
    });
    expect(answer.status).toBe(416);
    expect(answer.headers.get('content-range')).toBe(`bytes */${png.length}`);
  });

  it('serves a range of a private file to a member only', async () => {
    const member206 = await fetchMedia(server, privateItem.url, {
      token: member.token,
      range: 'bytes=0-9',
    });
    expect(member206.status).toBe(206);
    const outsider404 = await fetchMedia(server, privateItem.url, {
      token: outsider.token,
      range: 'bytes=0-9',
    });
    expect(outsider404.status).toBe(404);
  });
});

describe('who may upload', () => {
  it('refuses a suspended person like any write', async () => {
    const [moderator, suspended] = await Promise.all([
      signUpVerified(server, { displayName: 'Moderator' }),
      signUpVerified(server, { displayName: 'Suspended' }),
    ]);
    await giveSiteRole(server, moderator, 'moderator');
    await suspend(server, moderator, suspended);
    const created = await createUpload(server, suspended.token, png.length);
    expect(created.status).toBe(403);
  });

  it('serves the same endpoint under /apiv1, with addresses under it', async () => {
    const response = await fetch(`${server.url}/apiv1/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${owner.token}`,
        'upload-length': '10',
        'upload-metadata': `path ${Buffer.from('stories').toString('base64')}`,
      },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toMatch(/^\/apiv1\/uploads\/[0-9a-f-]{36}$/u);
  });
});
