import { useQuery } from '@apollo/client/react';
import {
  Anchor,
  Button,
  Card,
  Center,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBrandYoutube,
  IconFile,
  IconFileTypePdf,
  IconMicrophone,
  IconMovie,
  IconPhotoOff,
} from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE, MEDIA_MESSAGES } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nodesOf } from '../../app/cursorPages';
import { translateServerMessage } from '../../components/notify';
import { RelativeTime } from '../../components/RelativeTime';
import { SpaceMediaDocument, type SpaceMediaQuery } from '../../gql/graphql';
import { MediaViewer } from './MediaViewer';
import { shownKindOf, type ShownMedia } from './shownMedia';
import { usePagedQueryState } from '../../components/usePagedQueryState';

type Entry = SpaceMediaQuery['spaceMedia']['edges'][number]['node'];

const TILE_PX = 160;
const KIND_ICONS = {
  video: IconMovie,
  audio: IconMicrophone,
  youtube: IconBrandYoutube,
  pdf: IconFileTypePdf,
  file: IconFile,
  image: IconFile,
} as const;

/** The address of the post an attachment belongs to (postType is the collection's name). */
const postPath = (entry: Entry) =>
  entry.postType === 'problems'
    ? `/problem/${entry.postId}/info`
    : entry.postType === 'solutions'
      ? `/solution/${entry.postId}/info`
      : entry.postType === 'skills'
        ? `/skill/${entry.postId}/info`
        : `/story/${entry.postId}`;

/** A tile: an image's thumbnail, or the kind's icon and the file's name. */
function MediaTile({ item, onOpen }: { item: ShownMedia; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = item.name || translateServerMessage(t, MEDIA_MESSAGES.noFilename);
  const kind = shownKindOf(item);
  const Icon = KIND_ICONS[kind];
  return (
    <UnstyledButton onClick={onOpen} aria-label={t('media:carousel.open', { name })}>
      {kind === 'image' ? (
        <img
          src={item.thumbnailUrl ?? item.url}
          alt={item.name ?? ''}
          loading="lazy"
          style={{
            width: '100%',
            height: TILE_PX,
            objectFit: 'cover',
            display: 'block',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        />
      ) : (
        <Paper withBorder radius="sm" h={TILE_PX} p="sm">
          <Stack align="center" justify="center" h="100%" gap="xs">
            <ThemeIcon size={48} variant="light" color={kind === 'youtube' ? 'red' : 'gray'}>
              <Icon size={28} aria-hidden />
            </ThemeIcon>
            <Text size="xs" ta="center" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {kind === 'youtube' ? t('media:step.youtubeItem') : name}
            </Text>
          </Stack>
        </Paper>
      )}
    </UnstyledButton>
  );
}

/**
 * /space/{id}/media: every attachment of the posts of the space the viewer may read, newest post
 * first, as a grid; a tile opens the media viewer, and its caption links to the post.
 */
export function SpaceMediaPage({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<number | null>(null);
  const postTypeLabel = (postType: string) =>
    postType === 'problems'
      ? t('media:space.problem')
      : postType === 'solutions'
        ? t('media:space.solution')
        : postType === 'skills'
          ? t('media:space.skill')
          : t('media:space.story');
  const query = useQuery(SpaceMediaDocument, {
    variables: { spaceId, first: DEFAULT_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.spaceMedia;
  const { waiting, loadMore, loadingMore, hasMore, sentinel } = usePagedQueryState(query, page, {
    skeleton: (
      <SimpleGrid cols={{ base: 2, sm: 3 }} aria-label={t('media:space.loading')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} h={TILE_PX} radius="sm" />
        ))}
      </SimpleGrid>
    ),
    errorTitle: t('media:space.loadFailed'),
  });
  if (waiting) return waiting;
  const entries = nodesOf(page);
  if (!entries.length) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="xs">
          <IconPhotoOff size={36} aria-hidden />
          <Text fw={500}>{t('media:space.emptyTitle')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('media:space.emptyText')}
          </Text>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="md">
        {entries.map((entry, index) => (
          <Stack key={`${entry.postId}-${entry.item.fileIndex}`} gap={4}>
            <MediaTile item={entry.item} onOpen={() => setViewing(index)} />
            <Anchor component={Link} to={postPath(entry)} size="xs" lineClamp={1}>
              {entry.postTitle || postTypeLabel(entry.postType)}
            </Anchor>
            <RelativeTime date={entry.createdAt} size="xs" c="dimmed" />
          </Stack>
        ))}
      </SimpleGrid>
      {hasMore ? (
        <Center ref={sentinel}>
          <Button variant="default" loading={loadingMore} onClick={() => void loadMore()}>
            {t('media:space.loadMore')}
          </Button>
        </Center>
      ) : null}
      <MediaViewer
        items={entries.map((entry) => entry.item)}
        index={viewing}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
      />
    </Stack>
  );
}
