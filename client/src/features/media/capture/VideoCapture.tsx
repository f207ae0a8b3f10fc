import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlayerRecordFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { RECORDING_MAX_SECONDS } from '@rules';
import { useTranslation } from 'react-i18next';
import { CameraPreview } from './CameraPreview';
import { DeviceProblemAlert } from './DeviceProblemAlert';
import { formatRecordingTime, useDeviceStream } from './mediaDevices';
import { useChunkedRecording } from './useChunkedRecording';

/**
 * Video mode (000 §4): record with camera and microphone, a timer against the 10-minute limit,
 * Stop; each finished chunk is handed over at once (to upload while recording goes on), and
 * Submit is enabled only when the recording is complete.
 */
export function VideoCapture({
  onVideoChunk,
  onVideoDone,
}: {
  onVideoChunk: (chunk: Blob, index: number) => void;
  onVideoDone: (durationSeconds: number) => void;
}) {
  const { t } = useTranslation();
  const { stream, problem } = useDeviceStream('camera-and-microphone');
  const { phase, seconds, start, stop } = useChunkedRecording(stream, onVideoChunk);

  if (problem) return <DeviceProblemAlert problem={problem} device="camera" />;

  return (
    <Stack>
      <CameraPreview stream={stream} />
      <Group justify="space-between">
        <Group gap="xs">
          {phase === 'recording' && (
            <Badge color="red" variant="dot">
              {t('media:capture.recording')}
            </Badge>
          )}
          <Text size="sm" ff="monospace" data-testid="recording-time">
            {t('media:capture.timer', {
              elapsed: formatRecordingTime(seconds),
              limit: formatRecordingTime(RECORDING_MAX_SECONDS),
            })}
          </Text>
        </Group>
        <Group gap="xs">
          {phase === 'idle' && (
            <Button
              color="red"
              leftSection={<IconPlayerRecordFilled size={16} />}
              disabled={!stream}
              onClick={start}
            >
              {t('media:capture.record')}
            </Button>
          )}
          {phase === 'recording' && (
            <Button
              variant="default"
              leftSection={<IconPlayerStopFilled size={16} />}
              onClick={stop}
            >
              {t('media:capture.stop')}
            </Button>
          )}
          <Button
            leftSection={<IconCheck size={16} />}
            disabled={phase !== 'complete'}
            loading={phase === 'finishing'}
            onClick={() => onVideoDone(Math.round(seconds))}
          >
            {t('media:capture.submit')}
          </Button>
        </Group>
      </Group>
      <Progress
        value={(seconds / RECORDING_MAX_SECONDS) * 100}
        size="xs"
        aria-label={t('media:capture.timeUsed')}
      />
    </Stack>
  );
}
