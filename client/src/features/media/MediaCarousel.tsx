import { ActionIcon, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFileTypePdf, IconFile } from '@tabler/icons-react';
import { MEDIA_MESSAGES } from '@rules';
import { lazy, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { MountOnce } from '../../components/MountOnce';
import { translateServerMessage } from '../../components/notify';
import { VideoPlayer, YoutubeFrame } from './MediaPlayers';
import { shownKindOf, type ShownMedia } from './shownMedia';

// The viewer loads with the first opening of a file, the audio player with the first audio.
const MediaViewer = lazy(() => import('./MediaViewer').then((m) => ({ default: m.MediaViewer })));
const AudioPlayer = lazy(() => import('./AudioPlayer').then((m) => ({ default: m.AudioPlayer })));

/** How a carousel plays audio: the player alone, or a post's page's player with its transcript. */
type AudioSlide = ComponentType<{ item: ShownMedia }>;

const CARD_MAX_HEIGHT = 320;
const DETAIL_MAX_HEIGHT = 520;

/** A tile that opens the viewer: an image, or a PDF or other file by its name. */
function OpenTile({
  item,
  variant,
  onOpen,
}: {
  item: ShownMedia;
  variant: 'card' | 'detail';
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const name = item.name || translateServerMessage(t, MEDIA_MESSAGES.noFilename);
  const kind = shownKindOf(item);
  if (kind === 'image') {
    // Feeds show the server's thumbnail, never the original; a detail page shows the original.
    const src = variant === 'card' ? (item.thumbnailUrl ?? item.url) : item.url;
    return (
      <UnstyledButton onClick={onOpen} aria-label={t('media:carousel.open', { name })} w="100%">
        <img
          src={src}
          alt={item.name ?? ''}
          loading="lazy"
          style={{
            width: '100%',
            maxHeight: variant === 'card' ? CARD_MAX_HEIGHT : DETAIL_MAX_HEIGHT,
            objectFit: 'contain',
            display: 'block',
            borderRadius: 'var(--mantine-radius-sm)',
            background: 'var(--mantine-color-default-hover)',
          }}
        />
      </UnstyledButton>
    );
  }
  const Icon = kind === 'pdf' ? IconFileTypePdf : IconFile;
  return (
    <UnstyledButton onClick={onOpen} w="100%" aria-label={t('media:carousel.open', { name })}>
      <Paper withBorder radius="sm" p="md">
        <Group gap="sm" wrap="nowrap">
          <Icon size={32} aria-hidden color="var(--mantine-color-red-6)" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} truncate="end">
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {kind === 'pdf' ? t('media:carousel.openPdf') : t('media:carousel.openFile')}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

function Slide({
  item,
  variant,
  audio: Audio = AudioPlayer,
  onOpen,
}: {
  item: ShownMedia;
  variant: 'card' | 'detail';
  audio?: AudioSlide;
  onOpen: () => void;
}) {
  switch (shownKindOf(item)) {
    case 'video':
      return (
        <VideoPlayer
          item={item}
          maxHeight={variant === 'card' ? CARD_MAX_HEIGHT : DETAIL_MAX_HEIGHT}
        />
      );
    case 'audio':
      return (
        <MountOnce when>
          <Audio item={item} />
        </MountOnce>
      );
    case 'youtube':
      return <YoutubeFrame item={item} />;
    default:
      return <OpenTile item={item} variant={variant} onOpen={onOpen} />;
  }
}

/**
 * A post's attachments, one at a time with previous and next: images (thumbnails on cards, the
 * original on detail pages) and PDFs open the media viewer; video, audio and YouTube play in place.
 */
export function MediaCarousel({
  files,
  variant,
  audio,
}: {
  files: readonly ShownMedia[] | null | undefined;
  variant: 'card' | 'detail';
  /**
   * A post's own page passes TranscribedAudio (the transcript beside the player); kept out of
   * this module so that the feed's cards, part of every first visit, never name its chunk.
   */
  audio?: AudioSlide;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  if (!files?.length) return null;
  const current = Math.min(shown, files.length - 1);
  const item = files[current];
  if (!item) return null;

  return (
    <Box aria-label={t('media:carousel.label')} role="region" aria-roledescription="carousel">
      <Slide
        key={`${current}-${item.url}`}
        item={item}
        variant={variant}
        audio={audio}
        onOpen={() => setViewing(current)}
      />
      {files.length > 1 ? (
        <Group justify="center" gap="xs" mt={6}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('media:viewer.previous')}
            disabled={current === 0}
            onClick={() => setShown(current - 1)}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('media:viewer.position', { current: current + 1, total: files.length })}
          </Text>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('media:viewer.next')}
            disabled={current === files.length - 1}
            onClick={() => setShown(current + 1)}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      ) : null}
      <MountOnce when={viewing !== null}>
        <MediaViewer
          items={files}
          index={viewing}
          onIndexChange={setViewing}
          onClose={() => setViewing(null)}
        />
      </MountOnce>
    </Box>
  );
}
