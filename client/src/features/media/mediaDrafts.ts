import {
  MEDIA_FILE_MAX_BYTES,
  MEDIA_MAX_FILES,
  MEDIA_MESSAGES,
  MEDIA_TOTAL_MAX_BYTES,
  youtubeEmbedUrl,
  youtubeVideoId,
  type MediaInput,
  type MediaItem,
} from '@rules';

/**
 * A stored attachment as a draft keeps it: the shared MediaItem, loosened so the GraphQL
 * fragment's shape (type as a string, read-only lists) fits too.
 */
export type DraftItem = Omit<MediaItem, 'type' | 'urls' | 'uploadIds'> & {
  type: string;
  urls?: readonly string[] | null;
  uploadIds?: readonly string[] | null;
};

/**
 * One attachment of a post form, from the moment it is picked: uploading (with its progress),
 * done (the server's media item), or failed. A recorded video is one draft whose chunks upload as
 * they arrive (`uploadIds` in order); it is done when the recording ended and every chunk is stored.
 */
export interface MediaDraft {
  key: string;
  status: 'uploading' | 'done' | 'error';
  /** 0 to 1. */
  progress: number;
  file?: File;
  item?: DraftItem;
  youtubeUrl?: string;
  uploadIds?: readonly string[];
  duration?: number;
  captured?: boolean;
  /** A recording still running: more chunks will come. */
  recording?: boolean;
  /** The server's (English) message when the upload failed. */
  error?: string;
}

let lastKey = 0;
export const newDraftKey = () => `media-${Date.now()}-${++lastKey}`;

/** The bytes a draft holds or will hold. */
const sizeOf = (draft: MediaDraft) => draft.file?.size ?? draft.item?.size ?? 0;

/**
 * Why these files cannot join the drafts (the spec's messages, as the server says them), or null.
 * Failed drafts do not count: they are sent nowhere.
 */
export function pickIssue(drafts: MediaDraft[], files: readonly File[]): string | null {
  const kept = drafts.filter((draft) => draft.status !== 'error');
  if (kept.length + files.length > MEDIA_MAX_FILES) return MEDIA_MESSAGES.tooManyFiles;
  if (files.some((file) => file.size > MEDIA_FILE_MAX_BYTES)) return MEDIA_MESSAGES.fileTooLarge;
  const total = [...kept.map(sizeOf), ...files.map((file) => file.size)].reduce(
    (sum, size) => sum + size,
    0,
  );
  return total > MEDIA_TOTAL_MAX_BYTES ? MEDIA_MESSAGES.totalTooLarge : null;
}

/** A YouTube link as a ready draft, or the spec's 'YouTube Video Not Found'. */
export function youtubeDraft(link: string): MediaDraft | string {
  const videoId = youtubeVideoId(link);
  if (!videoId) return MEDIA_MESSAGES.youtubeNotFound;
  return {
    key: newDraftKey(),
    status: 'done',
    progress: 1,
    youtubeUrl: link.trim(),
    item: { type: 'youtube', url: youtubeEmbedUrl(videoId), videoId, fileIndex: 0 },
  };
}

/** A saved post's attachments as drafts, so an edit starts from them. */
export function draftsOf(items: readonly DraftItem[] | null | undefined): MediaDraft[] {
  return (items ?? []).map((item) => ({
    key: newDraftKey(),
    status: 'done',
    progress: 1,
    item,
    ...(item.type === 'youtube' &&
      item.videoId && { youtubeUrl: `https://youtu.be/${item.videoId}` }),
    ...(item.uploadIds?.length && { uploadIds: item.uploadIds }),
    ...(item.duration != null && { duration: item.duration }),
    ...(item.type === 'photo-capture' && { captured: true }),
  }));
}

/** What a post's create or update sends: the finished drafts in their shown order. */
export function mediaInputsOf(drafts: readonly MediaDraft[]): MediaInput[] {
  return drafts.flatMap((draft): MediaInput[] => {
    if (draft.status !== 'done') return [];
    if (draft.youtubeUrl) return [{ youtubeUrl: draft.youtubeUrl }];
    const duration = draft.duration ?? null;
    if (draft.uploadIds?.length) return [{ uploadIds: [...draft.uploadIds], duration }];
    if (!draft.item?.uploadId) return [];
    return [{ uploadId: draft.item.uploadId, duration, captured: draft.captured ?? null }];
  });
}

/** Whether the drafts still wait for bytes (publishing waits for them). */
export const stillUploading = (drafts: readonly MediaDraft[]) =>
  drafts.some((draft) => draft.status === 'uploading');

/** The overall progress of the running uploads, 0 to 1. */
export function uploadProgress(drafts: readonly MediaDraft[]): number {
  const running = drafts.filter((draft) => draft.status === 'uploading');
  if (!running.length) return 1;
  return running.reduce((sum, draft) => sum + draft.progress, 0) / running.length;
}

/** Whether the attachments differ from the saved post's (an edit's dirty check). */
export const mediaChanged = (drafts: readonly MediaDraft[], saved: readonly DraftItem[]) =>
  JSON.stringify(mediaInputsOf(drafts)) !== JSON.stringify(mediaInputsOf(draftsOf(saved)));

/** The list with the draft at `from` moved to `to`. */
export function moveDraft(drafts: readonly MediaDraft[], from: number, to: number): MediaDraft[] {
  if (from === to || to < 0 || to >= drafts.length) return [...drafts];
  const next = [...drafts];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Replaces one draft (by key) with what `change` makes of it; gone drafts stay gone. */
export const updateDraft = (
  drafts: readonly MediaDraft[],
  key: string,
  change: (draft: MediaDraft) => MediaDraft,
) => drafts.map((draft) => (draft.key === key ? change(draft) : draft));

/** The finished attachments, in order, as a preview shows them. */
export const previewItemsOf = (drafts: readonly MediaDraft[]): DraftItem[] =>
  drafts.flatMap((draft) => (draft.status === 'done' && draft.item ? [draft.item] : []));
