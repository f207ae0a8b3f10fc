import type { MediaItem, UploadPathKind } from '@rules';
import { newDraftKey, stillUploading, updateDraft, type MediaDraft } from './mediaDrafts';
import { startUpload, UploadError } from './upload';

/** The spec's progress refresh: at most one update per file every 200 ms. */
const PROGRESS_EVERY_MS = 200;

/** A recording's chunk uploads: chunk ids by index, filled as each chunk is stored. */
interface Recording {
  key: string;
  chunkIds: (string | null)[];
  ended: boolean;
}

const errorMessageOf = (caught: unknown) =>
  caught instanceof UploadError || caught instanceof Error ? caught.message : String(caught);

/**
 * A post form's attachments and their uploads, outside React: the form shows them
 * (`useMediaDrafts`), and a post published while they still upload takes them over
 * (`handOff`), so the uploads go on after the dialog closes. Until then, closing the form
 * (`release`) aborts every running upload.
 */
export class MediaDraftsStore {
  private drafts: MediaDraft[];
  private readonly listeners = new Set<() => void>();
  /** Running uploads by `{draftKey}:{n}` (a recording has one per chunk). */
  private readonly aborts = new Map<string, () => void>();
  private uploadCount = 0;
  private recording: Recording | null = null;
  private handedOff = false;

  constructor(
    initial: MediaDraft[],
    private readonly path: UploadPathKind,
    private readonly spaceId: string,
  ) {
    this.drafts = initial;
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): MediaDraft[] => this.drafts;

  /** As React's state setter: the next drafts, or how to make them from the current ones. */
  readonly setDrafts = (next: MediaDraft[] | ((drafts: MediaDraft[]) => MediaDraft[])) => {
    this.drafts = typeof next === 'function' ? next(this.drafts) : next;
    for (const listener of this.listeners) listener();
  };

  /** The form closed: its running uploads stop, unless a published post took them over. */
  readonly release = () => {
    if (this.handedOff) return;
    for (const abort of this.aborts.values()) abort();
    this.aborts.clear();
  };

  /** A post published while uploads run owns them now: closing the form no longer stops them. */
  readonly handOff = () => {
    this.handedOff = true;
  };

  /** Resolves with the drafts once none is uploading any more (done or failed). */
  readonly settled = (): Promise<MediaDraft[]> =>
    new Promise((resolve) => {
      if (!stillUploading(this.drafts)) {
        resolve(this.drafts);
        return;
      }
      const unsubscribe = this.subscribe(() => {
        if (stillUploading(this.drafts)) return;
        unsubscribe();
        resolve(this.drafts);
      });
    });

  /** Uploads `file` and reports into draft `key`; resolves to the item, or null when it failed. */
  private send(key: string, file: File | Blob, filename?: string) {
    let reportedAt = 0;
    const upload = startUpload(file, {
      path: this.path,
      spaceId: this.spaceId,
      filename,
      onProgress: (sent, total) => {
        const now = Date.now();
        if (now - reportedAt < PROGRESS_EVERY_MS) return;
        reportedAt = now;
        this.setDrafts((drafts) =>
          updateDraft(drafts, key, (draft) =>
            // A recording's progress counts its stored chunks, not one chunk's bytes.
            draft.recording !== undefined
              ? draft
              : { ...draft, progress: total ? sent / total : 0 },
          ),
        );
      },
    });
    // Finished uploads leave the map: aborting one would ask the server to delete it.
    const name = `${key}:${++this.uploadCount}`;
    this.aborts.set(name, upload.abort);
    return upload.promise.then(
      (item: MediaItem) => {
        this.aborts.delete(name);
        return item;
      },
      (caught: unknown) => {
        this.aborts.delete(name);
        this.setDrafts((drafts) =>
          updateDraft(drafts, key, (draft) => ({
            ...draft,
            status: 'error',
            error: errorMessageOf(caught),
          })),
        );
        return null;
      },
    );
  }

  /** Uploads a picked (or retried) file into its draft. */
  private uploadInto(key: string, file: File, captured: boolean) {
    void this.send(key, file).then((item) => {
      if (!item) return;
      this.setDrafts((current) =>
        updateDraft(current, key, (kept) => ({
          ...kept,
          status: 'done',
          progress: 1,
          item: captured ? { ...item, type: 'photo-capture' } : item,
        })),
      );
    });
  }

  readonly addFiles = (files: readonly File[], options: { captured?: boolean } = {}) => {
    const drafts: MediaDraft[] = files.map((file) => ({
      key: newDraftKey(),
      status: 'uploading',
      progress: 0,
      file,
      ...(options.captured && { captured: true }),
    }));
    this.setDrafts((current) => [...current, ...drafts]);
    for (const draft of drafts) {
      if (draft.file) this.uploadInto(draft.key, draft.file, options.captured ?? false);
    }
  };

  /**
   * Uploads again every failed picked file (a recording's chunks are gone once recorded: a failed
   * recording stays failed). Answers whether any upload started.
   */
  readonly retryFailed = (): boolean => {
    const failed = this.drafts.filter(
      (draft) => draft.status === 'error' && draft.file && draft.recording === undefined,
    );
    if (!failed.length) return false;
    const keys = new Set(failed.map((draft) => draft.key));
    this.setDrafts((drafts) =>
      drafts.map((draft) =>
        keys.has(draft.key)
          ? { ...draft, status: 'uploading', progress: 0, error: undefined }
          : draft,
      ),
    );
    for (const draft of failed) {
      if (draft.file) this.uploadInto(draft.key, draft.file, draft.captured ?? false);
    }
    return true;
  };

  /** A recording is done once it ended and every chunk is stored. */
  private settleRecording(state: Recording) {
    const stored = state.chunkIds.filter((id): id is string => id !== null);
    this.setDrafts((drafts) =>
      updateDraft(drafts, state.key, (draft) =>
        state.ended && stored.length === state.chunkIds.length
          ? {
              ...draft,
              status: draft.status === 'error' ? 'error' : 'done',
              progress: 1,
              recording: false,
              uploadIds: stored,
            }
          : {
              ...draft,
              progress: state.chunkIds.length ? stored.length / state.chunkIds.length : 0,
            },
      ),
    );
  }

  /** A recorded video chunk: the first one opens the recording's draft; each uploads at once. */
  readonly addVideoChunk = (chunk: Blob, index: number) => {
    let state = this.recording;
    if (!state) {
      state = { key: newDraftKey(), chunkIds: [], ended: false };
      this.recording = state;
      const file = new File([], `recording-${new Date().toISOString()}.webm`, {
        type: 'video/webm',
      });
      const key = state.key;
      this.setDrafts((drafts) => [
        ...drafts,
        { key, status: 'uploading', progress: 0, file, recording: true, uploadIds: [] },
      ]);
    }
    const current = state;
    current.chunkIds[index] = null;
    void this.send(current.key, chunk, `recording-${index}.webm`).then((item) => {
      if (!item?.uploadId) return;
      current.chunkIds[index] = item.uploadId;
      this.setDrafts((drafts) =>
        updateDraft(drafts, current.key, (draft) => ({
          ...draft,
          item: draft.item ?? { ...item, type: 'video-chunk-recording' },
        })),
      );
      this.settleRecording(current);
    });
  };

  readonly endVideo = (durationSeconds: number) => {
    const state = this.recording;
    this.recording = null;
    if (!state) return;
    state.ended = true;
    this.setDrafts((drafts) =>
      updateDraft(drafts, state.key, (draft) => ({ ...draft, duration: durationSeconds })),
    );
    this.settleRecording(state);
  };

  readonly addAudio = (file: File, durationSeconds: number) => {
    const key = newDraftKey();
    this.setDrafts((drafts) => [
      ...drafts,
      { key, status: 'uploading', progress: 0, file, duration: durationSeconds },
    ]);
    void this.send(key, file).then((item) => {
      if (!item) return;
      this.setDrafts((drafts) =>
        updateDraft(drafts, key, (draft) => ({ ...draft, status: 'done', progress: 1, item })),
      );
    });
  };

  readonly remove = (key: string) => {
    for (const [name, abort] of this.aborts) {
      if (name.startsWith(`${key}:`)) {
        abort();
        this.aborts.delete(name);
      }
    }
    this.setDrafts((drafts) => drafts.filter((draft) => draft.key !== key));
  };
}
