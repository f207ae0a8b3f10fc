import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { notFound } from '../errors';
import type { ByteRange, Storage } from './storage';

/** Stored files may stop being readable to someone (they leave a conversation): kept briefly. */
const CACHE_CONTROL = 'private, max-age=300';

/**
 * The byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14): null for the
 * whole file (no header, another unit, several ranges, or a malformed one, which is ignored), or
 * 'unsatisfiable' when it starts past the end.
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/u.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (!from && !to) return null;
  if (!from) {
    const suffix = Number(to);
    return suffix > 0 && size > 0
      ? { start: Math.max(size - suffix, 0), end: size - 1 }
      : 'unsatisfiable';
  }
  const start = Number(from);
  const end = to ? Number(to) : size - 1;
  if (to && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Answers a GET or HEAD with a stored file: whole (200), a range of it (206) or 416; 404 when
 * missing. `cacheControl` replaces the default when the feature knows how long a file may be kept.
 */
export async function sendStoredFile(
  req: Request,
  res: Response,
  storage: Storage,
  key: string,
  cacheControl = CACHE_CONTROL,
) {
  const info = await storage.stat(key);
  if (!info) throw notFound();
  const range = requestedRange(req.headers.range, info.size);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', cacheControl);
  if (range === 'unsatisfiable') {
    res.status(416).setHeader('Content-Range', `bytes */${info.size}`).end();
    return;
  }
  res.setHeader('Content-Type', info.contentType);
  if (range) {
    res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else res.setHeader('Content-Length', String(info.size));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const file = await storage.get(key, range ?? undefined);
  if (!file) throw notFound();
  try {
    await pipeline(file.stream, res);
  } catch {
    // The reader went away mid-file (or the file did): nothing left to answer.
    res.destroy();
  }
}
