import { getDefaultZIndex, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PhotoCapture } from './PhotoCapture';
import { VideoCapture } from './VideoCapture';

export type CaptureMode = 'photo' | 'video';

/**
 * The capture dialog (000 §2, §4): a photo (PNG) or a video recorded in webm chunks. The camera
 * is on only while the dialog is open. Video chunks arrive through `onVideoChunk` while recording
 * goes on; `onVideoDone` comes after the last one. Closing without Submit means the capture is
 * dropped: the opener discards any chunks it was given.
 */
export function CaptureDialog({
  opened,
  mode,
  onClose,
  onPhoto,
  onVideoChunk,
  onVideoDone,
}: {
  opened: boolean;
  mode: CaptureMode;
  onClose: () => void;
  onPhoto: (file: File) => void;
  onVideoChunk: (chunk: Blob, index: number) => void;
  onVideoDone: (durationSeconds: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'photo' ? 'media:capture.photoTitle' : 'media:capture.videoTitle')}
      size="lg"
      centered
      // Opened from a post dialog: it has to show above that one.
      zIndex={getDefaultZIndex('modal') + 1}
    >
      {mode === 'photo' ? (
        <PhotoCapture onPhoto={onPhoto} />
      ) : (
        <VideoCapture onVideoChunk={onVideoChunk} onVideoDone={onVideoDone} />
      )}
    </Modal>
  );
}

export default CaptureDialog;
