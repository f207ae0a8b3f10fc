import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconMicrophone, IconPlayerStopFilled, IconRefresh } from '@tabler/icons-react';
import { RECORDING_MAX_SECONDS } from '@rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceProblemAlert } from './DeviceProblemAlert';
import {
  deviceProblemOf,
  formatRecordingTime,
  requestStream,
  stopStream,
  type DeviceProblem,
} from './mediaDevices';
import { startPcmRecorder, type PcmRecorder } from './pcmRecorder';
import { Waveform } from './Waveform';

type Phase =
  | { name: 'idle'; problem?: DeviceProblem }
  | { name: 'starting' }
  | { name: 'recording'; analyser: AnalyserNode }
  | { name: 'stopped'; file: File; seconds: number };

/**
 * The audio recorder (000 §2, §4): idle → recording (a live waveform and a timer, up to the
 * recording limit) → stopped, then the WAV file goes to the media list with Add. The microphone
 * is asked for when recording starts and released when it stops.
 */
export function AudioRecorder({
  onDone,
  onCancel,
}: {
  onDone: (file: File, durationSeconds: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [seconds, setSeconds] = useState(0);
  const session = useRef<{ stream: MediaStream; recorder: PcmRecorder; startedAt: number } | null>(
    null,
  );
  const timer = useRef<number | undefined>(undefined);

  const release = () => {
    window.clearInterval(timer.current);
    stopStream(session.current?.stream);
  };

  const stop = async () => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    release();
    const elapsed = Math.min(RECORDING_MAX_SECONDS, (Date.now() - current.startedAt) / 1000);
    const bytes = await current.recorder.finish();
    const file = new File([bytes], `audio-${Date.now()}.wav`, { type: 'audio/wav' });
    setSeconds(elapsed);
    setPhase({ name: 'stopped', file, seconds: elapsed });
  };

  const start = async () => {
    setPhase({ name: 'starting' });
    setSeconds(0);
    let stream: MediaStream | undefined;
    try {
      stream = await requestStream('microphone');
      const recorder = await startPcmRecorder(stream);
      const startedAt = Date.now();
      session.current = { stream, recorder, startedAt };
      timer.current = window.setInterval(() => {
        const elapsed = (Date.now() - startedAt) / 1000;
        setSeconds(elapsed);
        if (elapsed >= RECORDING_MAX_SECONDS) void stop();
      }, 250);
      setPhase({ name: 'recording', analyser: recorder.analyser });
    } catch (error) {
      stopStream(stream);
      setPhase({ name: 'idle', problem: deviceProblemOf(error) });
    }
  };

  // Leaving mid-recording drops it and frees the microphone.
  useEffect(
    () => () => {
      window.clearInterval(timer.current);
      session.current?.recorder.close();
      stopStream(session.current?.stream);
    },
    [],
  );

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={t('media:capture.audioTitle')}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={500}>{t('media:capture.audioTitle')}</Text>
          <Text size="sm" ff="monospace" data-testid="recording-time">
            {t('media:capture.timer', {
              elapsed: formatRecordingTime(seconds),
              limit: formatRecordingTime(RECORDING_MAX_SECONDS),
            })}
          </Text>
        </Group>
        {phase.name === 'idle' && phase.problem && (
          <DeviceProblemAlert problem={phase.problem} device="microphone" />
        )}
        {phase.name === 'recording' && <Waveform analyser={phase.analyser} />}
        {phase.name === 'stopped' && (
          <Text size="sm" c="dimmed">
            {t('media:capture.audioReady', { duration: formatRecordingTime(phase.seconds) })}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          {(phase.name === 'idle' || phase.name === 'starting') && (
            <Button
              color="red"
              leftSection={<IconMicrophone size={16} />}
              loading={phase.name === 'starting'}
              onClick={() => void start()}
            >
              {t('media:capture.record')}
            </Button>
          )}
          {phase.name === 'recording' && (
            <Button leftSection={<IconPlayerStopFilled size={16} />} onClick={() => void stop()}>
              {t('media:capture.stop')}
            </Button>
          )}
          {phase.name === 'stopped' && (
            <>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                onClick={() => void start()}
              >
                {t('media:capture.recordAgain')}
              </Button>
              <Button
                leftSection={<IconCheck size={16} />}
                onClick={() => onDone(phase.file, Math.round(phase.seconds))}
              >
                {t('media:capture.add')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export default AudioRecorder;
