import { ActionIcon, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBrandYoutube,
  IconFileTypePdf,
  IconGripVertical,
  IconMicrophone,
  IconMovie,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import { MEDIA_MESSAGES } from '@rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../components/notify';
import { formatBytes } from './formatBytes';
import { moveDraft, type MediaDraft } from './mediaDrafts';

const PREVIEW_PX = 48;

/** The kind of a draft, from the server's item or, while uploading, the picked file's type. */
function kindOf(draft: MediaDraft): 'image' | 'video' | 'audio' | 'pdf' | 'youtube' | 'file' {
  const type = draft.item?.type ?? draft.file?.type ?? '';
  if (type === 'youtube') return 'youtube';
  if (type.startsWith('image') || type === 'photo-capture') return 'image';
  if (type.startsWith('video')) return 'video';
  if (type.startsWith('audio')) return 'audio';
  return type === 'application/pdf' ? 'pdf' : 'file';
}

/** A picked image shows from the browser's copy at once; a stored one from its thumbnail. */
function ImagePreview({ draft }: { draft: MediaDraft }) {
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const file = draft.item?.thumbnailUrl ? null : draft.file;
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setLocalUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const src = draft.item?.thumbnailUrl ?? localUrl;
  if (!src) return <KindIcon kind="image" />;
  return (
    <img
      src={src}
      alt=""
      width={PREVIEW_PX}
      height={PREVIEW_PX}
      style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }}
    />
  );
}

function KindIcon({ kind }: { kind: ReturnType<typeof kindOf> }) {
  const Icon = {
    image: IconPhoto,
    video: IconMovie,
    audio: IconMicrophone,
    pdf: IconFileTypePdf,
    youtube: IconBrandYoutube,
    file: IconPhoto,
  }[kind];
  return (
    <ThemeIcon
      size={PREVIEW_PX}
      variant="light"
      color={kind === 'youtube' ? 'red' : 'gray'}
      aria-hidden
    >
      <Icon size={24} />
    </ThemeIcon>
  );
}

/**
 * The attachments of a post form in their order: preview, name, size, a progress bar while
 * uploading, and Up / Down / Remove. Rows also drag to a new place (native drag and drop); the
 * buttons do the same for keyboard and touch users.
 */
export function MediaDraftList({
  drafts,
  onReorder,
  onRemove,
}: {
  drafts: readonly MediaDraft[];
  onReorder: (next: MediaDraft[]) => void;
  onRemove: (key: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (!drafts.length) return null;

  const nameOf = (draft: MediaDraft) =>
    draft.youtubeUrl
      ? t('media:step.youtubeItem')
      : (draft.item?.name ??
        draft.file?.name ??
        translateServerMessage(t, MEDIA_MESSAGES.noFilename));

  return (
    <Stack gap="xs" role="list" aria-label={t('media:step.listLabel')}>
      {drafts.map((draft, index) => {
        const name = nameOf(draft);
        const size = draft.item?.size ?? draft.file?.size;
        const kind = kindOf(draft);
        return (
          <Paper
            key={draft.key}
            role="listitem"
            aria-label={name}
            withBorder
            p="xs"
            radius="sm"
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              // Firefox starts a drag only when some data is set.
              event.dataTransfer.setData('text/plain', draft.key);
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) onReorder(moveDraft(drafts, dragged, index));
              setDragged(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
            style={{
              cursor: 'grab',
              opacity: dragged === index ? 0.5 : 1,
              borderColor:
                over === index && dragged !== index
                  ? 'var(--mantine-primary-color-filled)'
                  : undefined,
            }}
          >
            <Group gap="sm" wrap="nowrap">
              <IconGripVertical size={16} aria-hidden style={{ flexShrink: 0 }} />
              {kind === 'image' ? <ImagePreview draft={draft} /> : <KindIcon kind={kind} />}
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">
                  {name}
                </Text>
                {draft.status === 'uploading' ? (
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      value={Math.round(draft.progress * 100)}
                      size="sm"
                      style={{ flex: 1 }}
                      aria-label={t('media:step.progress', { name })}
                      animated
                    />
                    <Text size="xs" c="dimmed">
                      {draft.recording
                        ? t('media:step.recording')
                        : t('media:step.percent', { percent: Math.round(draft.progress * 100) })}
                    </Text>
                  </Group>
                ) : draft.status === 'error' ? (
                  <Text size="xs" c="red" role="alert">
                    {translateServerMessage(t, draft.error ?? '') || t('media:step.failed')}
                  </Text>
                ) : (
                  <Text size="xs" c="dimmed">
                    {size ? formatBytes(size, i18n.language) : null}
                  </Text>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('media:step.moveUp', { name })}
                  disabled={index === 0}
                  onClick={() => onReorder(moveDraft(drafts, index, index - 1))}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('media:step.moveDown', { name })}
                  disabled={index === drafts.length - 1}
                  onClick={() => onReorder(moveDraft(drafts, index, index + 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('media:step.remove', { name })}
                  onClick={() => onRemove(draft.key)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
