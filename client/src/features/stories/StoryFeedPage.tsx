import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { useRequireSignIn } from '../auth';
import { DEFAULT_FEED_FILTER, FeedControls, feedOptions, type FeedFilter } from './FeedControls';
import { StoryDialog } from './StoryDialog';
import { StoryList } from './StoryList';
import { StoryTabs } from './StoryTabs';
import { STORY_PAGE_WIDTH } from './layout';

/**
 * /stories/recent: the active space's stories, newest first and live by default, or by reactions
 * or comments within a time range. Readable signed out.
 */
export function StoryFeedPage() {
  const { t } = useTranslation();
  const { spaceId, spaceName } = useActiveSpace();
  const requireSignIn = useRequireSignIn();
  const [posting, setPosting] = useState(false);
  const [filter, setFilter] = useState<FeedFilter>(DEFAULT_FEED_FILTER);
  const post = () => requireSignIn(() => setPosting(true), { resume: true });

  return (
    <Stack gap="md" maw={STORY_PAGE_WIDTH} mx="auto" w="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={1} size="h3">
          {t('stories:feed.title', { space: spaceName })}
        </Title>
        {/* Never squeezed: on a phone the title wraps instead of the button being cut. */}
        <Button leftSection={<IconPlus size={16} />} onClick={post} style={{ flexShrink: 0 }}>
          {t('stories:feed.post')}
        </Button>
      </Group>
      <StoryTabs current="recent" />
      <FeedControls value={filter} onChange={setFilter} />
      <StoryList
        list="recent"
        spaceId={spaceId}
        options={feedOptions(filter)}
        live
        empty={{
          title: t('stories:feed.emptyTitle'),
          description: t('stories:feed.emptyDescription'),
        }}
      />
      <StoryDialog opened={posting} onClose={() => setPosting(false)} />
    </Stack>
  );
}
