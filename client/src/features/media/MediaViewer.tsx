import { ActionIcon, Anchor, Box, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { MEDIA_MESSAGES } from '@rules';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../components/notify';
import { formatBytes } from './formatBytes';
import { AudioPlayer } from './AudioPlayer';
import { VideoPlayer, YoutubeFrame } from './MediaPlayers';
import { shownKindOf, type ShownMedia } from './shownMedia';

// pdf.js is large: it loads when a PDF is opened.
const PdfViewer = lazy(() => import('./pdf/PdfViewer'));

/** One attachment at full size: the original image, the players, or the PDF viewer. */
function ViewedItem({ item }: { item: ShownMedia }) {
  const { t } = useTranslation();
  switch (shownKindOf(item)) {
    case 'image':
      return (
        <img
          src={item.url}
          alt={item.name ?? ''}
          style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' }}
        />
      );
    case 'video':
      return <VideoPlayer item={item} maxHeight={560} />;
    case 'audio':
      return <AudioPlayer item={item} />;
    case 'youtube':
      return <YoutubeFrame item={item} />;
    case 'pdf':
      return (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader role="status" aria-label={t('media:viewer.loading')} />
            </Center>
          }
        >
          <PdfViewer
            url={item.url}
            name={item.name ?? translateServerMessage(t, MEDIA_MESSAGES.noFilename)}
          />
        </Suspense>
      );
    case 'file':
      return <Text c="dimmed">{t('media:viewer.noPreview')}</Text>;
  }
}

/**
 * The media viewer: one of a post's attachments with its name ('no filename' when it has none),
 * its size ('size?' when unknown), previous and next, and a download link for stored files.
 */
export function MediaViewer({
  items,
  index,
  onIndexChange,
  onClose,
}: {
  items: readonly ShownMedia[];
  /** The attachment shown; null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const item = index === null ? undefined : items[index];
  const current = index ?? 0;
  const name = item?.name || translateServerMessage(t, MEDIA_MESSAGES.noFilename);
  const size =
    item?.size != null
      ? formatBytes(item.size, i18n.language)
      : translateServerMessage(t, MEDIA_MESSAGES.unknownSize);
  return (
    <Modal
      opened={item !== undefined}
      onClose={onClose}
      size="xl"
      // A column as high as the window allows: a PDF's frame takes what the header and the bar
      // below leave, so the bar is never pushed out of the window (other items keep their size).
      styles={{
        content: { display: 'flex', flexDirection: 'column' },
        header: { flexShrink: 0 },
        body: { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
      }}
      title={
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      }
    >
      {item ? (
        <Stack gap="sm" style={{ flex: '1 1 auto', minHeight: 0 }}>
          <Box
            style={
              shownKindOf(item) === 'pdf'
                ? { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }
                : { flexShrink: 0 }
            }
          >
            <ViewedItem key={`${current}-${item.url}`} item={item} />
          </Box>
          <Group justify="space-between" wrap="nowrap" style={{ flexShrink: 0 }}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('media:viewer.previous')}
              disabled={current === 0}
              onClick={() => onIndexChange(current - 1)}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Stack gap={0} align="center">
              <Text size="sm" c="dimmed">
                {t('media:viewer.position', { current: current + 1, total: items.length })}
              </Text>
              {item.type === 'youtube' ? null : (
                <Group gap="xs">
                  <Text size="sm" c="dimmed">
                    {size}
                  </Text>
                  <Anchor href={item.url} download={item.name ?? true} size="sm">
                    <Group gap={4} wrap="nowrap">
                      <IconDownload size={14} aria-hidden />
                      {t('media:viewer.download')}
                    </Group>
                  </Anchor>
                </Group>
              )}
            </Stack>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('media:viewer.next')}
              disabled={current >= items.length - 1}
              onClick={() => onIndexChange(current + 1)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
