import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { MediaItem, UploadPathKind } from '@rules';
import type { TestServer } from '../server';

/** Uploads over tus 1.0 as a client sends them (plain fetch), and small sample files made in code. */

export const TUS_HEADERS = { 'tus-resumable': '1.0.0' };

export interface UploadOptions {
  filename?: string;
  /** What the browser would claim; only a hint to the server. */
  filetype?: string;
  path?: UploadPathKind | `${UploadPathKind}/`;
  spaceId?: string;
}

/** tus `Upload-Metadata`: comma-separated `key base64(value)` pairs. */
export const uploadMetadata = (metadata: Record<string, string | undefined>) =>
  Object.entries(metadata)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

const bearer = (token?: string): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** POST /api/uploads: the answer, and the upload's address when it was created. */
export async function createUpload(
  server: TestServer,
  token: string | undefined,
  length: number,
  options: UploadOptions = {},
) {
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS_HEADERS,
      ...bearer(token),
      'upload-length': String(length),
      'upload-metadata': uploadMetadata({
        filename: options.filename ?? 'file.bin',
        filetype: options.filetype,
        path: options.path ?? 'stories',
        spaceId: options.spaceId,
      }),
    },
  });
  const location = response.headers.get('location');
  return {
    status: response.status,
    body: await response.text(),
    url: location ? new URL(location, server.url).toString() : null,
  };
}

/** One PATCH of `bytes` at `offset`: the answer, with the media item when it finished the upload. */
export async function patchUpload(
  url: string,
  token: string | undefined,
  offset: number,
  bytes: Uint8Array,
) {
  const response = await fetch(url, {
    method: 'PATCH',
    headers: {
      ...TUS_HEADERS,
      ...bearer(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: Buffer.from(bytes),
  });
  const body = await response.text();
  const header = response.headers.get('x-media-item');
  return {
    status: response.status,
    body,
    offset: Number(response.headers.get('upload-offset') ?? Number.NaN),
    item: header ? (JSON.parse(decodeURIComponent(header)) as MediaItem) : null,
    headers: response.headers,
  };
}

/** HEAD of an upload: its status and the server's offset. */
export async function headUpload(url: string, token: string | undefined) {
  const response = await fetch(url, {
    method: 'HEAD',
    headers: { ...TUS_HEADERS, ...bearer(token) },
  });
  return {
    status: response.status,
    offset: Number(response.headers.get('upload-offset') ?? Number.NaN),
    length: Number(response.headers.get('upload-length') ?? Number.NaN),
    headers: response.headers,
  };
}

/**
 * Uploads `bytes` whole (create, then one PATCH per `chunkBytes`): the final answer, its media
 * item (null when refused) and the upload's address.
 */
export async function uploadFile(
  server: TestServer,
  token: string | undefined,
  bytes: Uint8Array,
  options: UploadOptions & { chunkBytes?: number } = {},
) {
  const created = await createUpload(server, token, bytes.length, options);
  if (!created.url) return { ...created, item: null, offset: 0 };
  const chunk = options.chunkBytes ?? Math.max(bytes.length, 1);
  let last = await patchUpload(created.url, token, 0, bytes.subarray(0, chunk));
  while (last.status === 204 && last.offset < bytes.length)
    last = await patchUpload(
      created.url,
      token,
      last.offset,
      bytes.subarray(last.offset, last.offset + chunk),
    );
  return {
    status: last.status,
    body: last.body,
    item: last.item,
    offset: last.offset,
    url: created.url,
  };
}

/** A finished upload's media item, failing the test when the upload was refused. */
export async function uploadedItem(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  options: UploadOptions = {},
): Promise<MediaItem> {
  const result = await uploadFile(server, token, bytes, options);
  if (!result.item) throw new Error(`upload refused (${result.status}): ${result.body}`);
  return result.item;
}

/** A PNG of `width` x `height` of random noise, so it does not compress to nothing. */
export const samplePng = (width = 800, height = 600) =>
  sharp(randomBytes(width * height * 3), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer();

/** A JPEG photo of `width` x `height` of random noise. */
export const sampleJpeg = (width = 800, height = 600) =>
  sharp(randomBytes(width * height * 3), {
    raw: { width, height, channels: 3 },
  })
    .jpeg()
    .toBuffer();

/** The smallest PDF readers accept: one empty page. */
export const samplePdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A Linux executable's header (ELF) followed by padding: what a renamed program looks like. */
export const sampleElf = () =>
  Buffer.concat([
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
    Buffer.alloc(512, 0x90),
  ]);

/** A Windows executable's header (MZ ... PE). */
export function samplePe() {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/** GET of a media file's address (as the item gives it), with an optional Range. */
export async function fetchMedia(
  server: TestServer,
  url: string,
  options: { token?: string; range?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(new URL(url, server.url), {
    headers: {
      ...bearer(options.token),
      ...(options.range && { range: options.range }),
      ...options.headers,
    },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
