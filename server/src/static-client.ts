import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import express from 'express';

/**
 * The built client (dist/client): each file sent as the brotli or gzip copy the build wrote beside
 * it when the browser accepts one, hashed /assets/ cached for a year, pages revalidated on every
 * visit, and index.html for the client's routes. A path that names a file which is not there
 * answers 404: a stale page asking for an old chunk must fail loudly, not receive HTML as script.
 */

/** Vite names everything in /assets/ by its content hash: a new build means new names. */
const HASHED_ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages name the current hashed assets, so the browser asks again (cheap with the ETag). */
const REVALIDATE = 'no-cache';

/** The copies the build writes (client/vite.config.ts), in the order preferred when equally wanted. */
const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;
type Precompressed = (typeof PRECOMPRESSED)[number];

/** A path ending in an extension names a file: client routes never do (ids and tags hold no dots). */
const FILE_LIKE = /\.[a-z0-9]+$/i;

/** Headers that describe the file being sent, taken back when sending it fails. */
const FILE_HEADERS = ['cache-control', 'content-encoding', 'content-type', 'etag', 'last-modified'];

/** The quality (0 to 1) a request's Accept-Encoding gives `coding`; `*` stands for any unlisted. */
function acceptedQuality(acceptEncoding: string, coding: string): number {
  let wildcard = 0;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const name = part.split(';')[0]!.trim();
    const q = /;\s*q=([\d.]+)/.exec(part)?.[1];
    const quality = q === undefined ? 1 : Number(q);
    if (name === coding) return quality;
    if (name === '*') wildcard = quality;
  }
  return wildcard;
}

/**
 * The precompressed copies worth trying, best first: those the browser accepts, by its quality,
 * brotli before gzip on a tie. None when it asks for a range: ranges are of the file as it is.
 */
function wantedCopies(req: express.Request): Precompressed[] {
  const acceptEncoding = req.headers['accept-encoding'];
  if (!acceptEncoding || req.headers.range) return [];
  return PRECOMPRESSED.map((copy) => ({
    copy,
    quality: acceptedQuality(acceptEncoding, copy.coding),
  }))
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality)
    .map(({ copy }) => copy);
}

async function isFile(file: string): Promise<boolean> {
  const found = await stat(file).catch(() => null);
  return found?.isFile() ?? false;
}

/** The file under `dist` a URL path names, or null when it leads outside (or cannot be decoded). */
function fileUnder(dist: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // Normalising an absolute path never climbs above its root: `/../x` becomes `/x`.
  const file = path.join(dist, path.posix.normalize(decoded));
  return file.startsWith(dist + path.sep) ? file : null;
}

/**
 * Sends `file` (or the precompressed copy the browser prefers) with the Cache-Control given.
 * `send` (behind res.sendFile) answers HEAD, conditional requests (an ETag per copy) and ranges.
 */
async function sendStatic(
  req: express.Request,
  res: express.Response,
  next: express.NextFunction,
  file: string,
  cacheControl: string,
) {
  let copy: Precompressed | undefined;
  for (const candidate of wantedCopies(req))
    if (await isFile(file + candidate.suffix)) {
      copy = candidate;
      break;
    }
  // Set before sending so that a 304 carries them too; a failure below takes them back.
  res.vary('Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl);
  res.type(path.extname(file));
  if (copy) res.setHeader('Content-Encoding', copy.coding);
  res.sendFile(
    file + (copy?.suffix ?? ''),
    // Ranges of a compressed copy would be ranges of other bytes than the file's: not offered.
    { cacheControl: false, acceptRanges: !copy },
    (error?: Error & { status?: number; headers?: Record<string, string> }) => {
      if (!error || res.headersSent) return;
      if (error.status === undefined) return next(error);
      for (const name of FILE_HEADERS) res.removeHeader(name);
      res
        .status(error.status)
        .set(error.headers ?? {})
        .type('text')
        .end();
    },
  );
}

/**
 * The built client with an SPA fallback; /graphiql is its own page from the same build. An app of
 * its own, mounted after the API, so that its files have ETags while API answers have none.
 */
export function staticClient(dist: string): express.Express {
  const client = express();
  client.disable('x-powered-by');
  client.set('etag', 'weak');
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    client.use(
      (_req, res) =>
        void res.status(503).type('text').send('The client is not built yet: run `npm run build`.'),
    );
    return client;
  }
  const graphiql = path.join(dist, 'graphiql.html');
  client.get('/graphiql', (req, res, next) => sendStatic(req, res, next, graphiql, REVALIDATE));
  client.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api'))
      return void res.status(404).json({ success: false });
    const file = fileUnder(dist, req.path);
    if (file && (await isFile(file))) {
      const cacheControl = req.path.startsWith(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE;
      return sendStatic(req, res, next, file, cacheControl);
    }
    if (req.path.startsWith(HASHED_ASSETS) || FILE_LIKE.test(req.path))
      return void res.status(404).type('text').send('Not found');
    return sendStatic(req, res, next, index, REVALIDATE);
  });
  return client;
}
