import { and, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import {
  MEDIA_MESSAGES,
  MEDIA_TOTAL_MAX_BYTES,
  mediaListSchema,
  mediaTypeOf,
  youtubeEmbedUrl,
  youtubeVideoId,
  type MediaItem,
  type UploadPathKind,
} from '@rules';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';
import { AppError, parseInput } from '../../errors';

/**
 * What uploads become in a post: a finished upload as a media item, and a post's list of them
 * (resolveMedia, which attaches the uploads to their post).
 */

export type UploadRow = typeof uploads.$inferSelect;

/** The address of an image's thumbnail, next to its original. */
export const THUMBNAIL_NAME = 'thumbnail.webp';

const mediaPathOf = (uploadId: string, name: string) =>
  `/api/media/${uploadId}/${encodeURIComponent(name)}`;

/** A finished upload as a media item (000 §3): where it is served, its sniffed type and size. */
export function presentUpload(row: UploadRow, fileIndex = 0): MediaItem {
  return {
    type: mediaTypeOf(row.contentType),
    url: mediaPathOf(row.id, row.name),
    // A file itself named thumbnail.webp keeps that address for its original.
    thumbnailUrl:
      row.thumbnailKey && row.name !== THUMBNAIL_NAME ? mediaPathOf(row.id, THUMBNAIL_NAME) : null,
    extension: row.extension,
    fileIndex,
    name: row.name,
    size: row.size,
    uploadId: row.id,
    contentType: row.contentType,
    ...(row.transcriptKey ? { hasTranscription: true } : {}),
  };
}

export interface Attachment {
  type: UploadPathKind;
  id: string;
}

const mediaError = (message: string) => new AppError('BAD_USER_INPUT', message, { field: 'files' });

/**
 * A post's attachments as stored (000 §3 media item), from its create or edit input: at most
 * MEDIA_MAX_FILES, each upload the viewer's own in the post's space and not attached to anything
 * else (else uploadNotFound), their sum within MEDIA_TOTAL_MAX_BYTES. Items keep the input order,
 * fileIndex 0..n-1. A post being edited sends its kept items by their upload ids (see
 * posts/post-media.ts). In the caller's transaction, the uploads become `owner`'s, and those
 * `owner` had and no longer names are deleted (their files go once it commits:
 * stored-files.service.ts). The rows are locked first, so the sweep of unattached uploads and
 * an attach never both win.
 */
export async function resolveMedia(
  tx: DbOrTx,
  viewer: { id: string },
  spaceId: string,
  inputs: unknown,
  owner: Attachment,
): Promise<MediaItem[]> {
  const list = parseInput(mediaListSchema, inputs, 'files');
  const ids = [
    ...new Set(
      list.flatMap((input) => input.uploadIds ?? (input.uploadId ? [input.uploadId] : [])),
    ),
  ];
  const rows = ids.length
    ? await tx
        .select()
        .from(uploads)
        .where(
          and(
            inArray(uploads.id, ids),
            eq(uploads.ownerId, viewer.id),
            eq(uploads.spaceId, spaceId),
            or(isNull(uploads.attachedType), attachedTo(owner)),
          ),
        )
        .for('update')
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const uploadOf = (id: string) => {
    const row = byId.get(id);
    if (!row) throw mediaError(MEDIA_MESSAGES.uploadNotFound);
    return row;
  };
  const items = list.map((input, fileIndex): MediaItem => {
    if (input.youtubeUrl) {
      const videoId = youtubeVideoId(input.youtubeUrl)!;
      return { type: 'youtube', url: youtubeEmbedUrl(videoId), videoId, fileIndex };
    }
    if (input.uploadIds) {
      const chunks = input.uploadIds.map(uploadOf);
      if (chunks.some((chunk) => mediaTypeOf(chunk.contentType) !== 'video'))
        throw mediaError(MEDIA_MESSAGES.typeNotAllowed);
      const first = presentUpload(chunks[0]!, fileIndex);
      return {
        ...first,
        type: 'video-chunk-recording',
        urls: chunks.map((chunk) => presentUpload(chunk).url),
        uploadIds: input.uploadIds,
        size: chunks.reduce((sum, chunk) => sum + chunk.size, 0),
        duration: input.duration ?? null,
      };
    }
    const item = presentUpload(uploadOf(input.uploadId!), fileIndex);
    if (input.captured && item.type === 'image') item.type = 'photo-capture';
    if (item.type === 'audio' || item.type === 'video') item.duration = input.duration ?? null;
    return item;
  });
  const total = items.reduce((sum, item) => sum + (item.size ?? 0), 0);
  if (total > MEDIA_TOTAL_MAX_BYTES) throw mediaError(MEDIA_MESSAGES.totalTooLarge);
  if (ids.length)
    await tx
      .update(uploads)
      .set({ attachedType: owner.type, attachedId: owner.id })
      .where(inArray(uploads.id, ids));
  await tx
    .delete(uploads)
    .where(and(attachedTo(owner), ids.length ? notInArray(uploads.id, ids) : undefined));
  return items;
}

const attachedTo = (owner: Attachment) =>
  and(eq(uploads.attachedType, owner.type), eq(uploads.attachedId, owner.id))!;
