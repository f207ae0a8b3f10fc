import { Alert, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCamera, IconMicrophone, IconPaperclip, IconVideo } from '@tabler/icons-react';
import { MEDIA_MAX_FILES, MEDIA_MESSAGES } from '@rules';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../components/notify';
import { MediaDraftList } from './MediaDraftList';
import { pickIssue } from './mediaDrafts';
import type { MediaDrafts } from './useMediaDrafts';
import { YoutubeBox } from './YoutubeBox';

// Camera and microphone pieces load only when someone records.
const CaptureDialog = lazy(() =>
  import('./capture/CaptureDialog').then((module) => ({ default: module.CaptureDialog })),
);
const AudioRecorder = lazy(() =>
  import('./capture/AudioRecorder').then((module) => ({ default: module.AudioRecorder })),
);

/** What the file picker offers; the server still checks the bytes. */
export const MEDIA_ACCEPT = 'image/*,video/*,audio/*,application/pdf';

/**
 * The media step of a post form: pick files, take a photo, record video or audio, add a YouTube
 * link; then reorder, remove and watch each upload. `location` (problems, solutions, stories)
 * shows under the list.
 */
export function MediaStep({ media, location }: { media: MediaDrafts; location?: ReactNode }) {
  const { t } = useTranslation();
  const [issue, setIssue] = useState<string | null>(null);
  const [capture, setCapture] = useState<'photo' | 'video' | null>(null);
  const [recordingAudio, setRecordingAudio] = useState(false);
  const full = media.drafts.filter((draft) => draft.status !== 'error').length >= MEDIA_MAX_FILES;

  /** The spec's limits checked before anything is sent; null when the files may go. */
  const guard = (files: readonly File[]) => {
    const found = pickIssue(media.drafts, files);
    setIssue(found);
    return found === null;
  };
  const openCapture = (open: () => void) => {
    if (full) setIssue(MEDIA_MESSAGES.tooManyFiles);
    else open();
  };

  return (
    <Stack gap="sm" pt="sm">
      <Text size="sm" c="dimmed">
        {t('media:step.hint', { max: MEDIA_MAX_FILES })}
      </Text>
      <Group gap="xs">
        <FileButton
          multiple
          accept={MEDIA_ACCEPT}
          onChange={(files) => {
            if (files.length && guard(files)) media.addFiles(files);
          }}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPaperclip size={16} />}>
              {t('media:step.pick')}
            </Button>
          )}
        </FileButton>
        <Button
          variant="default"
          leftSection={<IconCamera size={16} />}
          onClick={() => openCapture(() => setCapture('photo'))}
        >
          {t('media:step.takePhoto')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconVideo size={16} />}
          onClick={() => openCapture(() => setCapture('video'))}
        >
          {t('media:step.recordVideo')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconMicrophone size={16} />}
          onClick={() => openCapture(() => setRecordingAudio(true))}
        >
          {t('media:step.recordAudio')}
        </Button>
      </Group>

      {issue ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setIssue(null)}>
          {translateServerMessage(t, issue)}
        </Alert>
      ) : null}

      {recordingAudio || capture ? (
        <Suspense
          fallback={<Loader role="status" size="sm" aria-label={t('media:step.loading')} />}
        >
          {recordingAudio ? (
            <AudioRecorder
              onDone={(file, durationSeconds) => {
                setRecordingAudio(false);
                if (guard([file])) media.addAudio(file, durationSeconds);
              }}
              onCancel={() => setRecordingAudio(false)}
            />
          ) : null}
          {capture ? (
            <CaptureDialog
              opened
              mode={capture}
              onClose={() => setCapture(null)}
              onPhoto={(file) => {
                setCapture(null);
                if (guard([file])) media.addFiles([file], { captured: true });
              }}
              onVideoChunk={media.addVideoChunk}
              onVideoDone={(durationSeconds) => {
                setCapture(null);
                media.endVideo(durationSeconds);
              }}
            />
          ) : null}
        </Suspense>
      ) : null}

      <MediaDraftList
        drafts={media.drafts}
        onReorder={media.setDrafts}
        onRemove={(key) => {
          setIssue(null);
          media.remove(key);
        }}
      />

      <YoutubeBox
        disabled={full}
        onAdd={(draft) => {
          setIssue(null);
          media.setDrafts((drafts) => [...drafts, draft]);
        }}
      />

      {location}
    </Stack>
  );
}
