import type { UploadPathKind } from '@rules';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  draftsOf,
  mediaInputsOf,
  stillUploading,
  type DraftItem,
  uploadProgress,
} from './mediaDrafts';
import { MediaDraftsStore } from './MediaDraftsStore';

/**
 * A post form's attachments and their uploads. The form holds this (not its media step, which
 * unmounts when the stepper moves on), so uploads keep reporting while another step shows. A
 * removed draft's upload is aborted, and so is every running one when the form closes, unless a
 * post published meanwhile took them over (`store.handOff()`).
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
  const [store] = useState(() => new MediaDraftsStore(draftsOf(initial), path, spaceId));
  const drafts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => store.release, [store]);

  const uploading = stillUploading(drafts);
  return {
    store,
    drafts,
    setDrafts: store.setDrafts,
    addFiles: store.addFiles,
    addVideoChunk: store.addVideoChunk,
    endVideo: store.endVideo,
    addAudio: store.addAudio,
    remove: store.remove,
    /** Uploads are still running. */
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
