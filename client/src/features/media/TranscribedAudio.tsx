import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconFileText, IconRefresh, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AudioTranscriptionDocument,
  TranscribeAudioDocument,
  type AudioTranscriptionFieldsFragment,
} from '../../gql/graphql';
import { notifyAiError, useAiTexts } from '../ai';
import { AudioPlayer } from './AudioPlayer';
import type { ShownMedia } from './shownMedia';

/** The spec's transcription panel width (001 §9); a phone shows it full width under the player. */
const PANEL_WIDTH = 440;
const PANEL_MAX_HEIGHT = 320;

/** '3.2s' as seconds. */
const secondsOf = (duration: string) => Number.parseFloat(duration) || 0;

/** Seconds as m:ss. */
const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

function TranscriptionPanel({
  transcription,
  busy,
  onRedo,
  onPlayFrom,
  onClose,
}: {
  transcription: AudioTranscriptionFieldsFragment;
  busy: boolean;
  onRedo: () => void;
  onPlayFrom: (seconds: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { segments } = transcription;
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      w={{ base: '100%', sm: PANEL_WIDTH }}
      maw="100%"
      role="region"
      aria-label={t('ai:transcription.title')}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} size="sm">
          {t('ai:transcription.title')}
        </Text>
        <Group gap={4} wrap="nowrap">
          {transcription.canTranscribe ? (
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t('ai:transcription.redo')}
              title={t('ai:transcription.redo')}
              loading={busy}
              onClick={onRedo}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          ) : null}
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('ai:transcription.close')}
            onClick={onClose}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {segments.length ? (
        <ScrollArea.Autosize mah={PANEL_MAX_HEIGHT} type="auto">
          <Stack gap={6} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {segments.map((segment, index) => {
              const start = index ? secondsOf(segments[index - 1]!.resultEndTime) : 0;
              const end = secondsOf(segment.resultEndTime);
              return (
                <Group key={index} component="li" gap="sm" wrap="nowrap" align="flex-start">
                  <UnstyledButton
                    onClick={() => onPlayFrom(start)}
                    aria-label={t('ai:transcription.playFrom', { time: clock(start) })}
                  >
                    <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {t('ai:transcription.range', { start: clock(start), end: clock(end) })}
                    </Text>
                  </UnstyledButton>
                  {/* Provider text is shown as text, never as markup. */}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {segment.alternatives[0]?.transcript ?? ''}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      ) : (
        <Text size="sm" c="dimmed">
          {t('ai:transcription.empty')}
        </Text>
      )}
    </Paper>
  );
}

/**
 * An audio attachment with its transcription (000 §3, §7 "transcription panel 440"): the player,
 * and beside it the transcript for whoever may read the post, with "Transcribe" for whoever may
 * edit it (it spends their own AI config). Loaded lazily with the AI texts, so a first visit
 * carries none of it; until then, and for audio nobody can transcribe, just the player.
 */
export function TranscribedAudio({ item }: { item: ShownMedia }) {
  const { t } = useTranslation();
  const textsLoaded = useAiTexts();
  const playerBox = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const uploadId = item.uploadId ?? '';
  const { data } = useQuery(AudioTranscriptionDocument, {
    variables: { uploadId },
    skip: !uploadId,
  });
  const [transcribe, { loading: busy }] = useMutation(TranscribeAudioDocument, {
    update(cache, { data: answer }) {
      if (answer)
        cache.writeQuery({
          query: AudioTranscriptionDocument,
          variables: { uploadId },
          data: { audioTranscription: answer.transcribeAudio },
        });
    },
  });
  const transcription = data?.audioTranscription;

  const run = (redo: boolean) =>
    transcribe({ variables: { input: { uploadId, redo } } }).then(
      () => setOpen(true),
      (error: unknown) => notifyAiError(error, t),
    );
  const playFrom = (seconds: number) => {
    const audio = playerBox.current?.querySelector('audio');
    if (!audio) return;
    audio.currentTime = seconds;
    void audio.play().catch(() => undefined);
  };

  const shown = textsLoaded && transcription;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Box ref={playerBox} style={{ flex: '1 1 200px', minWidth: 0 }}>
        <AudioPlayer item={item} />
        {shown && !open && (transcription.hasTranscription || transcription.canTranscribe) ? (
          <Group gap="xs" mt={6}>
            {transcription.hasTranscription ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconFileText size={14} />}
                onClick={() => setOpen(true)}
              >
                {t('ai:transcription.show')}
              </Button>
            ) : (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconFileText size={14} />}
                loading={busy}
                onClick={() => void run(false)}
                title={t('ai:transcription.spends')}
              >
                {t('ai:transcription.transcribe')}
              </Button>
            )}
            {busy ? (
              <Text size="xs" c="dimmed" aria-live="polite">
                {t('ai:transcription.working')}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Box>
      {shown && open && transcription.hasTranscription ? (
        <TranscriptionPanel
          transcription={transcription}
          busy={busy}
          onRedo={() => void run(true)}
          onPlayFrom={playFrom}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Group>
  );
}
