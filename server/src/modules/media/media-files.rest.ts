import type { Request, Response, Router } from 'express';
import { notFound } from '../../errors';
import { contextOf } from '../../rest/shell';
import { sendStoredFile } from '../../storage/serve-file';
import { THUMBNAIL_NAME } from './media-items.service';
import { readableUpload } from './media.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/**
 * Who may read a file changes (its post is deleted, hidden, published, moved out of reach; its
 * reader leaves the space), so no shared cache keeps one and a browser asks again each time: a
 * stored file never changes (a new upload has a new id), so the answer is mostly a bodiless 304.
 */
const CACHE_CONTROL = 'private, no-cache';

/**
 * Uploaded post media, `GET /api/media/{uploadId}/{name}` (the original) and
 * `/api/media/{uploadId}/thumbnail.webp` (an image's thumbnail), to whoever may read what the
 * upload is attached to (media.policy.ts); NOT_FOUND to anyone else, signed out included.
 */
export function mountMediaRest(router: Router) {
  router.get(
    '/media/:uploadId/:name',
    async (req: Request<{ uploadId: string; name: string }>, res: Response) => {
      const { uploadId, name } = req.params;
      if (!UUID.test(uploadId)) throw notFound();
      const upload = await readableUpload(contextOf(res), uploadId);
      const thumbnail = name === THUMBNAIL_NAME && name !== upload.name;
      const key = thumbnail ? upload.thumbnailKey : name === upload.name ? upload.key : null;
      if (!key) throw notFound();
      const etag = `"${upload.id}${thumbnail ? '-thumbnail' : ''}"`;
      res.setHeader('ETag', etag);
      res.setHeader('Last-Modified', upload.createdAt.toUTCString());
      res.setHeader(
        'Content-Disposition',
        `inline; filename*=UTF-8''${encodeURIComponent(thumbnail ? THUMBNAIL_NAME : upload.name)}`,
      );
      if (isFresh(req, etag, upload.createdAt)) {
        res.status(304).setHeader('Cache-Control', CACHE_CONTROL).end();
        return;
      }
      await sendStoredFile(req, res, contextOf(res).storage, key, CACHE_CONTROL);
    },
  );
}

/**
 * Whether the reader's copy is current (RFC 9110 §13.1): If-None-Match when sent, else
 * If-Modified-Since; the file never changed after `storedAt`.
 */
function isFresh(req: Request, etag: string, storedAt: Date): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match.split(',').some((tag) => tag.trim().replace(/^W\//u, '') === etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(storedAt.getTime() / 1000) * 1000 <= since;
}
