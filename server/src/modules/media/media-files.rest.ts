import type { Request, Response, Router } from 'express';
import { notFound } from '../../errors';
import { contextOf } from '../../rest/shell';
import { sendStoredFile } from '../../storage/serve-file';
import { readableUpload, THUMBNAIL_NAME } from './media.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/**
 * Uploaded post media, `GET /api/media/{uploadId}/{name}` (the original) and
 * `/api/media/{uploadId}/thumbnail.webp` (an image's thumbnail), to whoever may read the upload's
 * space; NOT_FOUND to anyone else, signed out included. A stored file never changes (a new upload
 * has a new id): a public space's files are cached for a year, a private space's never (a person
 * who leaves the space must not keep reading them from a shared cache).
 */
export function mountMediaRest(router: Router) {
  router.get(
    '/media/:uploadId/:name',
    async (req: Request<{ uploadId: string; name: string }>, res: Response) => {
      const { uploadId, name } = req.params;
      if (!UUID.test(uploadId)) throw notFound();
      const { upload, isPrivate } = await readableUpload(contextOf(res), uploadId);
      const thumbnail = name === THUMBNAIL_NAME && name !== upload.name;
      const key = thumbnail ? upload.thumbnailKey : name === upload.name ? upload.key : null;
      if (!key) throw notFound();
      const etag = `"${upload.id}${thumbnail ? '-thumbnail' : ''}"`;
      res.setHeader('ETag', etag);
      res.setHeader(
        'Content-Disposition',
        `inline; filename*=UTF-8''${encodeURIComponent(thumbnail ? THUMBNAIL_NAME : upload.name)}`,
      );
      const cacheControl = isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable';
      if (req.headers['if-none-match'] === etag) {
        res.status(304).setHeader('Cache-Control', cacheControl).end();
        return;
      }
      await sendStoredFile(req, res, contextOf(res).storage, key, cacheControl);
    },
  );
}
