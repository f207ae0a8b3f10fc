import { createReadStream } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import {
  MEDIA_FILE_MAX_BYTES,
  RATE_LIMITS,
  acceptsType,
  uploadMetadataSchema,
  type MediaItem,
  type UploadPathKind,
} from '@rules';
import { recordAttempts } from '../../auth/rate-limit';
import type { Context } from '../../context';
import { uploads } from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import { resolveActiveSpace } from '../spaces/space.service';
import { requireWriter } from '../../auth/guards';
import { uploadReadableBy } from './media.policy';
import { presentUpload, type UploadRow } from './media-items.service';
import { assertStorageBudget } from './stored-files.service';
import { displayNameOf, keyNameOf, sniffFormat, thumbnailOf } from './upload-files';

/**
 * Uploaded files (tus at /api/uploads, see uploads.tus.ts): who may start one, what a finished one
 * becomes (its bytes sniffed, stored, an `uploads` row, a thumbnail) and who may read it. The media
 * items posts carry are in media-items.service.ts.
 */

/** What an upload was started with, checked: kept in the tus upload's metadata until it finishes. */
export interface UploadClaim {
  ownerId: string;
  spaceId: string;
  kind: UploadPathKind;
  filename: string | null;
}

/** What a new upload will bring: its declared length (null when deferred) and the person's other uploads still arriving. */
export interface IncomingBytes {
  length: number | null;
  pendingBytes: number;
}

/**
 * A new upload of the signed-in writer: its metadata names where it goes (`path` kind, `spaceId`,
 * else the active space), a space the viewer may post in (a private space only for its active
 * participants; otherwise NOT_FOUND, as the posts answer). Counted against the person's uploads
 * per hour and bytes per day (RATE_LIMITED); a length not declared yet counts as the largest file.
 */
export async function startUpload(
  ctx: Context,
  metadata: unknown,
  incoming: IncomingBytes = { length: null, pendingBytes: 0 },
): Promise<UploadClaim> {
  const viewer = requireWriter(ctx);
  const given = parseInput(uploadMetadataSchema, metadata);
  const space = await resolveActiveSpace(ctx, given.spaceId);
  await assertStorageBudget(
    ctx.db,
    viewer.id,
    incoming.length ?? MEDIA_FILE_MAX_BYTES,
    incoming.pendingBytes,
  );
  await recordAttempts(ctx.db, 'upload-create', [
    { key: viewer.id, limit: RATE_LIMITS.uploadCreate },
  ]);
  return {
    ownerId: viewer.id,
    spaceId: space.id,
    kind: given.path,
    filename: given.filename ?? null,
  };
}

/**
 * A finished tus upload (`file` on local disk) becomes a stored file: its type told by its bytes
 * (null when the kind does not take it: nothing is kept), streamed into storage under
 * `spaces/{spaceId}/{kind}/{time}-{id}-{name}.{ext}`, an image's thumbnail beside it, and its
 * `uploads` row under the tus upload's id (so a retried final request finds it done).
 */
export async function finishUpload(
  ctx: Context,
  upload: { id: string; file: string; claim: UploadClaim },
): Promise<MediaItem | null> {
  const { id, file, claim } = upload;
  // Checked again: the person may have been suspended or left the space while sending.
  requireWriter(ctx);
  await resolveActiveSpace(ctx, claim.spaceId);
  const format = await sniffFormat(file);
  if (!format || !acceptsType(claim.kind, format.contentType)) return null;
  const name = displayNameOf(claim.filename, format.extension);
  // The time orders a space's files; the id's first part keeps two same-named files apart.
  const key = `spaces/${claim.spaceId}/${claim.kind}/${Date.now()}-${id.slice(0, 8)}-${keyNameOf(name)}`;
  const { size } = await ctx.storage.put(key, createReadStream(file), format.contentType);
  const thumbnailKey = format.contentType.startsWith('image/')
    ? await storeThumbnail(ctx, file, `${key}.thumb.webp`)
    : null;
  try {
    const [row] = await ctx.db
      .insert(uploads)
      .values({
        id,
        key,
        ownerId: claim.ownerId,
        spaceId: claim.spaceId,
        kind: claim.kind,
        name,
        contentType: format.contentType,
        extension: format.extension,
        size,
        thumbnailKey,
      })
      .returning();
    return presentUpload(row!);
  } catch (error) {
    await Promise.all([key, thumbnailKey].map((stored) => stored && ctx.storage.delete(stored)));
    throw error;
  }
}

/** Stores an image's thumbnail; an image sharp cannot read keeps no thumbnail (logged). */
async function storeThumbnail(ctx: Context, file: string, key: string): Promise<string | null> {
  try {
    await ctx.storage.put(key, await thumbnailOf(file), 'image/webp');
    return key;
  } catch (error) {
    ctx.log.warn({ err: error, key }, 'no thumbnail for an uploaded image');
    return null;
  }
}

/** The viewer's own finished upload (the tus id is the upload's id), or null. */
export async function ownFinishedUpload(ctx: Context, id: string): Promise<UploadRow | null> {
  if (!ctx.viewer) return null;
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, ctx.viewer.id)));
  return row ?? null;
}

/** The viewer's own finished upload as a media item; NOT_FOUND for anything else. */
export async function finishedUploadItem(ctx: Context, id: string): Promise<MediaItem> {
  const row = await ownFinishedUpload(ctx, id);
  if (!row) throw notFound();
  return presentUpload(row);
}

/**
 * An upload the viewer may read: exactly when they may read what it is attached to (media.policy);
 * NOT_FOUND otherwise, signed out included, so a file that is not theirs to see is never hinted at.
 */
export async function readableUpload(ctx: Context, id: string): Promise<UploadRow> {
  const [found] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), uploadReadableBy(ctx.viewer)));
  if (!found) throw notFound();
  return found;
}

/** What uploads are attached to: a post of a kind, or ('spaces') a space's image. */
