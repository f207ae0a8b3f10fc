import type { MediaItem, UploadPathKind } from '@rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  draftsOf,
  mediaInputsOf,
  newDraftKey,
  stillUploading,
  updateDraft,
  type DraftItem,
  uploadProgress,
  type MediaDraft,
} from './mediaDrafts';
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
 * A post form's attachments and their uploads. The form holds this (not its media step, which
 * unmounts when the stepper moves on), so uploads keep reporting while another step shows. A
 * removed draft's upload is aborted, and so is every running one when the form closes.
 */
export function useMediaDrafts({
  initial,
  path,
  spaceId,
}: {
  /** The saved post's attachments (an edit), or a new post's none. */
  initial?: readonly DraftItem[] | null;
  path: UploadPathKind;
  spaceId: string;
}) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<MediaDraft[]>(() => draftsOf(initial));
  /** Running uploads by `{draftKey}:{n}` (a recording has one per chunk). */
  const aborts = useRef(new Map<string, () => void>());
  const uploadCount = useRef(0);
  const recording = useRef<Recording | null>(null);

  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const abort of running.values()) abort();
      running.clear();
    };
  }, []);

  /** Uploads `file` and reports into draft `key`; resolves to the item, or null when it failed. */
  const send = (key: string, file: File | Blob, filename?: string) => {
    let reportedAt = 0;
    const upload = startUpload(file, {
      path,
      spaceId,
      filename,
      onProgress: (sent, total) => {
        const now = Date.now();
        if (now - reportedAt < PROGRESS_EVERY_MS) return;
        reportedAt = now;
        setDrafts((drafts) =>
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
    const name = `${key}:${++uploadCount.current}`;
    aborts.current.set(name, upload.abort);
    return upload.promise.then(
      (item: MediaItem) => {
        aborts.current.delete(name);
        return item;
      },
      (caught: unknown) => {
        aborts.current.delete(name);
        setDrafts((drafts) =>
          updateDraft(drafts, key, (draft) => ({
            ...draft,
            status: 'error',
            error: errorMessageOf(caught),
          })),
        );
        return null;
      },
    );
  };

  const addFiles = (files: readonly File[], options: { captured?: boolean } = {}) => {
    const drafts: MediaDraft[] = files.map((file) => ({
      key: newDraftKey(),
      status: 'uploading',
      progress: 0,
      file,
      ...(options.captured && { captured: true }),
    }));
    setDrafts((current) => [...current, ...drafts]);
    for (const draft of drafts) {
      if (!draft.file) continue;
      void send(draft.key, draft.file).then((item) => {
        if (!item) return;
        setDrafts((current) =>
          updateDraft(current, draft.key, (kept) => ({
            ...kept,
            status: 'done',
            progress: 1,
            item: kept.captured ? { ...item, type: 'photo-capture' } : item,
          })),
        );
      });
    }
  };

  /** A recording is done once it ended and every chunk is stored. */
  const settleRecording = (state: Recording) => {
    const stored = state.chunkIds.filter((id): id is string => id !== null);
    setDrafts((drafts) =>
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
  };

  /** A recorded video chunk: the first one opens the recording's draft; each uploads at once. */
  const addVideoChunk = (chunk: Blob, index: number) => {
    let state = recording.current;
    if (!state) {
      state = { key: newDraftKey(), chunkIds: [], ended: false };
      recording.current = state;
      const file = new File([], `recording-${new Date().toISOString()}.webm`, {
        type: 'video/webm',
      });
      setDrafts((drafts) => [
        ...drafts,
        { key: state!.key, status: 'uploading', progress: 0, file, recording: true, uploadIds: [] },
      ]);
    }
    const current = state;
    current.chunkIds[index] = null;
    void send(current.key, chunk, `recording-${index}.webm`).then((item) => {
      if (!item?.uploadId) return;
      current.chunkIds[index] = item.uploadId;
      setDrafts((drafts) =>
        updateDraft(drafts, current.key, (draft) => ({
          ...draft,
          item: draft.item ?? { ...item, type: 'video-chunk-recording' },
        })),
      );
      settleRecording(current);
    });
  };

  const endVideo = (durationSeconds: number) => {
    const state = recording.current;
    recording.current = null;
    if (!state) return;
    state.ended = true;
    setDrafts((drafts) =>
      updateDraft(drafts, state.key, (draft) => ({ ...draft, duration: durationSeconds })),
    );
    settleRecording(state);
  };

  const addAudio = (file: File, durationSeconds: number) => {
    const key = newDraftKey();
    setDrafts((drafts) => [
      ...drafts,
      { key, status: 'uploading', progress: 0, file, duration: durationSeconds },
    ]);
    void send(key, file).then((item) => {
      if (!item) return;
      setDrafts((drafts) =>
        updateDraft(drafts, key, (draft) => ({ ...draft, status: 'done', progress: 1, item })),
      );
    });
  };

  const remove = (key: string) => {
    for (const [name, abort] of aborts.current) {
      if (name.startsWith(`${key}:`)) {
        abort();
        aborts.current.delete(name);
      }
    }
    setDrafts((drafts) => drafts.filter((draft) => draft.key !== key));
  };

  const uploading = stillUploading(drafts);
  return {
    drafts,
    setDrafts,
    addFiles,
    addVideoChunk,
    endVideo,
    addAudio,
    remove,
    /** Publishing waits while this is true. */
    uploading,
    /** The submit button's text while it waits for the uploads; null when it need not wait. */
    waitingLabel: uploading
      ? t('media:step.waiting', { percent: Math.round(uploadProgress(drafts) * 100) })
      : null,
    /** What the create or update mutation sends. */
    inputs: mediaInputsOf(drafts),
  };
}

export type MediaDrafts = ReturnType<typeof useMediaDrafts>;
