import { useQuery } from '@apollo/client/react';
import { Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagBadges } from '../../components/hashtags';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView } from '../../components/LoadState';
import { FollowedTagsDocument } from '../../gql/graphql';
import { RequireSignIn } from '../auth';
import { FollowTagsDialog } from '../tags';
import { DEFAULT_FEED_FILTER, FeedControls, feedOptions, type FeedFilter } from './FeedControls';
import { StoryList } from './StoryList';
import { StoryTabs } from './StoryTabs';
import { STORY_PAGE_WIDTH } from './layout';
import { EmptyNotice } from '../../components/EmptyNotice';

/** /stories/feed: the active space's stories carrying a tag the viewer follows (signed in only). */
export function FollowingFeedPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={STORY_PAGE_WIDTH} mx="auto" w="100%">
      <Title order={1} size="h3">
        {t('stories:following.title')}
      </Title>
      <StoryTabs current="following" />
      <RequireSignIn>
        <FollowingFeed />
      </RequireSignIn>
    </Stack>
  );
}

function FollowingFeed() {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const [choosing, setChoosing] = useState(false);
  const [filter, setFilter] = useState<FeedFilter>(DEFAULT_FEED_FILTER);
  const { data, loading, error, refetch } = useQuery(FollowedTagsDocument, {
    variables: { spaceId: spaceId || null },
    fetchPolicy: 'cache-and-network',
  });
  const followed = data?.followedTags;
  const chooseButton = (
    <Button leftSection={<IconTags size={16} />} onClick={() => setChoosing(true)}>
      {t('stories:following.followTags')}
    </Button>
  );

  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!followed,
    skeleton: <Skeleton height={120} radius="md" />,
    errorTitle: t('tags:list.loadFailed'),
  });

  let body;
  if (waiting) body = waiting;
  else if (!followed?.length) {
    body = (
      <EmptyNotice icon={IconTags} title={t('stories:following.empty')} action={chooseButton} />
    );
  } else {
    body = (
      <>
        <Group gap={6} justify="space-between">
          <TagBadges tags={followed} label={t('stories:following.tags')} />
          <Button size="xs" variant="subtle" onClick={() => setChoosing(true)}>
            {t('stories:following.edit')}
          </Button>
        </Group>
        <FeedControls value={filter} onChange={setFilter} />
        <StoryList
          key={followed.map((tag) => tag.id).join(',')}
          list="following"
          spaceId={spaceId}
          options={feedOptions(filter)}
          empty={{ title: t('stories:following.noStories') }}
        />
      </>
    );
  }
  return (
    <Stack gap="md">
      {body}
      <FollowTagsDialog opened={choosing} onClose={() => setChoosing(false)} />
    </Stack>
  );
}
