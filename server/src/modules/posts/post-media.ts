import { mediaListSchema, type MediaInput, type MediaItem } from '@rules';
import type { DbOrTx } from '../../db/client';
import { resolveMedia } from '../media/media-items.service';
import type { PostType } from './post-path';

/**
 * A post's files as create and edit inputs take them, in the order shown: absent (or null) means
 * none on create and unchanged on edit. Parsed up front so bad input is refused before any write.
 */
export const postFilesSchema = mediaListSchema.nullish();

type Files = MediaInput[] | null | undefined;

/** A post as its files are attached to it. */
export interface PostRef {
  type: PostType;
  id: string;
  spaceId: string;
}

/** The files of a new post, resolved and attached to it in the post's transaction. */
export const filesOfNewPost = (
  tx: DbOrTx,
  viewer: { id: string },
  post: PostRef,
  files: Files,
): Promise<MediaItem[]> =>
  files
    ? resolveMedia(tx, viewer, post.spaceId, files, { type: post.type, id: post.id })
    : Promise.resolve([]);

/** What identifies an uploaded attachment between edits: its upload, a recording's first chunk. */
const inputKey = (input: MediaInput) => input.uploadId ?? input.uploadIds?.[0];
const itemKey = (item: MediaItem) => item.uploadId ?? item.uploadIds?.[0] ?? item.url;

/** An attachment the post already has, sent back as the input that made it. */
const inputOf = (item: MediaItem): MediaInput =>
  item.type === 'youtube'
    ? { youtubeUrl: `https://youtu.be/${item.videoId}` }
    : item.uploadIds
      ? { uploadIds: item.uploadIds, duration: item.duration }
      : {
          uploadId: item.uploadId,
          duration: item.duration,
          captured: item.type === 'photo-capture',
        };

/**
 * The files of an edited post, or undefined to leave them as they are. The edit sends the whole new
 * list: the post's kept items by their upload ids (the author's own uploads attached to this post,
 * so resolveMedia accepts them again) and new ones, in the new order; the uploads it no longer
 * names are deleted with the edit. A kept item keeps what only its
 * first input said (a recording's duration, a captured photo) when the edit leaves that out. A post
 * moving to another space (a story posted to a problem there) must bring files of that space: its
 * current files are checked again, so a private space's file never shows outside it.
 */
export function filesAfterEdit(
  tx: DbOrTx,
  type: PostType,
  post: { id: string; authorId: string; spaceId: string; files: MediaItem[] },
  spaceId: string,
  files: Files,
): Promise<MediaItem[]> | undefined {
  if (!files && spaceId === post.spaceId) return undefined;
  const previous = new Map(post.files.map((item) => [itemKey(item), item]));
  const inputs = (files ?? post.files.map(inputOf)).map((input) => {
    const key = inputKey(input);
    const kept = key ? previous.get(key) : undefined;
    if (!kept) return input;
    return {
      ...input,
      duration: input.duration ?? kept.duration,
      captured: input.captured ?? kept.type === 'photo-capture',
    };
  });
  // Only the author edits a post, so the author's uploads are the viewer's.
  return resolveMedia(tx, { id: post.authorId }, spaceId, inputs, { type, id: post.id });
}
