import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { Router, type Request, type Response } from 'express';
import {
  INCOMPLETE_UPLOAD_HOURS,
  INCOMPLETE_UPLOADS_MAX,
  MEDIA_FILE_MAX_BYTES,
  MEDIA_MESSAGES,
  type MediaItem,
  type UploadPathKind,
} from '@rules';
import type { AppDeps, Context } from '../../context';
import { expectedError, HTTP_STATUS, unauthenticated } from '../../errors';
import { csrfGuard } from '../../rest/csrf';
import { contextOf } from '../../rest/shell';
import { presentUpload } from './media-items.service';
import {
  finishUpload,
  ownFinishedUpload,
  startUpload,
  finishedUploadItem,
  type UploadClaim,
} from './media.service';

/**
 * The tus 1.0 endpoint for post media (`/api/uploads`, also under /apiv1): resumable uploads in
 * chunks, each PATCH appended to a file under DATA_DIR/uploads-incoming. Only a signed-in writer
 * starts one, and only its owner may resume (HEAD, PATCH) or cancel (DELETE) it. When the last
 * byte arrives the bytes are sniffed and stored (media.service.ts finishUpload) and the answer
 * carries the media item: a 200 JSON body and the X-Media-Item header (URI-encoded JSON).
 * Refusals are plain text bodies with the spec's message ('Max 1GB per file' with 413,
 * typeNotAllowed with 415), as tus clients show a response body.
 */

const TUS_RESUMABLE = '1.0.0';
const HOUR_MS = 3600_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/** A refusal as tus hooks throw it: the status and a plain text body. */
interface TusRefusal {
  status_code: number;
  body: string;
}
const refusal = (status_code: number, body: string): TusRefusal => ({ status_code, body });

const isRefusal = (error: unknown): error is TusRefusal =>
  typeof error === 'object' && error !== null && 'status_code' in error && 'body' in error;

/** An AppError (or the database failing) as a tus refusal; anything else stays a bug. */
function refusalOf(error: unknown): TusRefusal | unknown {
  if (isRefusal(error)) return error;
  const known = expectedError(error);
  return known ? refusal(HTTP_STATUS[known.code], known.message) : error;
}

/** What a finished upload's answer carries (see the contract in the file's comment). */
const finishedAnswer = (item: MediaItem) => ({
  status_code: 200,
  headers: {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Media-Item': encodeURIComponent(JSON.stringify(item)),
  },
  body: JSON.stringify(item),
});

/**
 * Uploads started and not finished, per person, in this process, with the bytes they announced:
 * bounded so one person cannot fill the disk with partial files, and counted in their daily
 * bytes. Entries older than the tus expiry no longer count (the files are deleted by then). Per
 * process: with several workers the bound is per worker.
 */
class IncompleteUploads {
  private readonly byOwner = new Map<string, Map<string, { at: number; bytes: number }>>();

  constructor(private readonly ttlMs: number) {}

  private current(ownerId: string, now = Date.now()) {
    const started = this.byOwner.get(ownerId);
    if (!started) return [];
    for (const [id, { at }] of started) if (now - at > this.ttlMs) started.delete(id);
    return [...started.values()];
  }

  count(ownerId: string): number {
    return this.current(ownerId).length;
  }

  bytes(ownerId: string): number {
    return this.current(ownerId).reduce((sum, upload) => sum + upload.bytes, 0);
  }

  add(ownerId: string, id: string, bytes: number) {
    const started = this.byOwner.get(ownerId) ?? new Map<string, { at: number; bytes: number }>();
    started.set(id, { at: Date.now(), bytes });
    this.byOwner.set(ownerId, started);
  }

  remove(ownerId: string, id: string) {
    const started = this.byOwner.get(ownerId);
    started?.delete(id);
    if (started?.size === 0) this.byOwner.delete(ownerId);
  }
}

/** The web request tus hands its hooks, made from the express request (srvx keeps that one). */
interface TusRequest {
  runtime?: { node?: { req: object } };
}

/** The REST context of the express request behind a tus request. */
const contexts = new WeakMap<object, Context>();
function contextOfTus(req: TusRequest): Context {
  const ctx = req.runtime?.node && contexts.get(req.runtime.node.req);
  if (!ctx) throw new Error('tus request without a context');
  return ctx;
}

const claimOf = (upload: Upload): UploadClaim => {
  const metadata = upload.metadata ?? {};
  return {
    ownerId: metadata.ownerId ?? '',
    spaceId: metadata.spaceId ?? '',
    // Written by onUploadCreate from the checked claim.
    kind: metadata.kind as UploadPathKind,
    filename: metadata.filename ?? null,
  };
};

/** The tus endpoint's requests (`/api/uploads`, `/apiv1/uploads`, and each upload under them). */
export const isTusRequest = (url: string | undefined) =>
  url !== undefined && /^\/api(v1)?\/uploads(\/|\?|$)/u.test(url);

export interface TusUploads {
  router: Router;
  close(): void;
}

export function createTusUploads(deps: AppDeps): TusUploads {
  const directory = path.join(deps.config.dataDir, 'uploads-incoming');
  const expiryMs = INCOMPLETE_UPLOAD_HOURS * HOUR_MS;
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  const incomplete = new IncompleteUploads(expiryMs);
  /** Final requests being processed: a retried final PATCH waits for the first one's answer. */
  const finishing = new Map<string, Promise<MediaItem | null>>();

  const finish = async (req: TusRequest, upload: Upload) => {
    const ctx = contextOfTus(req);
    const claim = claimOf(upload);
    let pending = finishing.get(upload.id);
    if (!pending) {
      const file = path.join(directory, upload.id);
      pending = finishUpload(ctx, { id: upload.id, file, claim });
      finishing.set(upload.id, pending);
    }
    const forget = async () => {
      await datastore.remove(upload.id).catch(() => undefined);
      incomplete.remove(claim.ownerId, upload.id);
    };
    try {
      const item = await pending;
      if (!item) throw refusal(415, MEDIA_MESSAGES.typeNotAllowed);
      await forget();
      return finishedAnswer(item);
    } catch (error) {
      const answer = refusalOf(error);
      // A refusal is final (clients do not retry a 4xx): nothing of the upload is kept. A failure
      // (storage, database) keeps the partial file, so the client's retry of the last PATCH finishes it.
      if (isRefusal(answer) && answer.status_code < 500) await forget();
      throw answer;
    } finally {
      finishing.delete(upload.id);
    }
  };

  const tus = new Server({
    // Mounted at {base}/uploads: ids are taken from the last path segment, Location is built below.
    path: '/uploads',
    datastore,
    maxSize: MEDIA_FILE_MAX_BYTES,
    // CORS for all of /api, uploads included, is added before the request gets here (cors.ts).
    allowedOrigins: () => false,
    namingFunction: () => randomUUID(),
    getFileIdFromRequest: (_req, lastPath) =>
      lastPath && UUID.test(lastPath) ? lastPath : undefined,
    generateUrl: (req, { id }) => {
      const express = (req as TusRequest).runtime?.node?.req as Request | undefined;
      return `${express?.baseUrl ?? '/api/uploads'}/${id}`;
    },
    onUploadCreate: async (req, upload) => {
      const ctx = contextOfTus(req);
      const ownerId = ctx.viewer?.id ?? '';
      if (incomplete.count(ownerId) >= INCOMPLETE_UPLOADS_MAX)
        throw refusal(429, MEDIA_MESSAGES.tooManyUploads);
      // A deferred length counts as the largest file until it is known.
      const bytes = upload.size ?? MEDIA_FILE_MAX_BYTES;
      let claim: UploadClaim;
      try {
        claim = await startUpload(ctx, upload.metadata ?? {}, {
          length: bytes,
          pendingBytes: incomplete.bytes(ownerId),
        });
      } catch (error) {
        throw refusalOf(error);
      }
      incomplete.add(claim.ownerId, upload.id, bytes);
      return {
        metadata: {
          filename: claim.filename,
          ownerId: claim.ownerId,
          spaceId: claim.spaceId,
          kind: claim.kind,
        },
      };
    },
    onUploadFinish: finish,
    onResponseError: (_req, error) => {
      // tus's own "Maximum size exceeded" (Upload-Length, or a PATCH past it) in the spec's words.
      if ('status_code' in error && error.status_code === 413)
        return refusal(413, MEDIA_MESSAGES.fileTooLarge);
      if (!('status_code' in error)) deps.log.error({ err: error }, 'tus upload failed');
      return undefined;
    },
  });

  const router = Router();
  router.use(csrfGuard);

  // The fallback for a client whose final answer was lost: the finished upload's media item.
  router.get('/:id/item', async (req: Request<{ id: string }>, res: Response) => {
    res.json(await finishedUploadItem(contextOf(res), req.params.id));
  });

  router.all(['/', '/:id'], async (req: Request<{ id?: string }>, res: Response) => {
    const ctx = contextOf(res);
    res.setHeader('Tus-Resumable', TUS_RESUMABLE);
    res.setHeader('Cache-Control', 'no-store');
    // tus GET would send the partial file: files are read at /api/media, once finished.
    if (req.method === 'GET') return void sendText(res, 404, 'Not found');
    if (req.method !== 'OPTIONS' && !ctx.viewer) {
      const signIn = unauthenticated();
      return void sendText(res, HTTP_STATUS[signIn.code], signIn.message);
    }
    const id = req.params.id;
    if (id && ctx.viewer) {
      if (!UUID.test(id)) return void sendText(res, 404, 'Not found');
      const owner = await ownerOf(id);
      if (owner === null) {
        // No partial file: a finished upload answers as complete, so a client whose last answer
        // was lost (or that asks again) learns it is done and reads its item.
        const finished = await ownFinishedUpload(ctx, id);
        if (!finished) return void sendText(res, 404, 'Not found');
        return void answerFinished(req, res, presentUpload(finished));
      }
      if (owner !== ctx.viewer.id) return void sendText(res, 404, 'Not found');
    }
    contexts.set(req, ctx);
    await tus.handle(req, res);
    if (req.method === 'DELETE' && id && ctx.viewer && res.statusCode === 204)
      incomplete.remove(ctx.viewer.id, id);
  });

  /** The owner of a partial upload, or null when there is none. */
  async function ownerOf(id: string): Promise<string | null> {
    try {
      const upload = await datastore.getUpload(id);
      return upload.metadata?.ownerId ?? '';
    } catch {
      return null;
    }
  }

  const sweep = setInterval(() => {
    tus.cleanUpExpiredUploads().catch((error: unknown) => {
      deps.log.warn({ err: error }, 'expired uploads not removed');
    });
  }, HOUR_MS);
  sweep.unref();

  return { router, close: () => clearInterval(sweep) };
}

function sendText(res: Response, status: number, text: string) {
  res.status(status).type('text/plain; charset=utf-8').send(text);
}

/** HEAD or a final PATCH again on a finished upload: complete, with its media item. */
function answerFinished(req: Request, res: Response, item: MediaItem) {
  const size = String(item.size ?? 0);
  res.setHeader('Upload-Offset', size);
  res.setHeader('Upload-Length', size);
  res.setHeader('X-Media-Item', encodeURIComponent(JSON.stringify(item)));
  if (req.method === 'HEAD') return void res.status(200).end();
  if (req.method === 'PATCH') return void res.status(200).json(item);
  sendText(res, 404, 'Not found');
}
