import { useQuery } from '@apollo/client/react';
import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Title,
} from '@mantine/core';
import { IconHash, IconPlus, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Link } from 'react-router';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { useActiveSpace } from '../../app/useActiveSpace';
import { TagsDocument, type TagSort } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { AddTagsDialog } from './AddTagsDialog';
import { FollowButton } from './FollowButton';
import { FollowTagsDialog } from './FollowTagsDialog';
import { TagCounters } from './TagCounters';
import { usePagedQueryState } from '../../components/usePagedQueryState';
import { EmptyNotice } from '../../components/EmptyNotice';

const PAGE = 30;
const SORTS: TagSort[] = ['followers', 'problems', 'stories'];

/** /tags: the active space's tags as cards with counters, sorted by followers, problems or stories. */
export function TagsPage() {
  const { t } = useTranslation();
  const { spaceId, spaceName } = useActiveSpace();
  const requireSignIn = useRequireSignIn();
  const [orderBy, setOrderBy] = useState<TagSort>('followers');
  const [dialog, setDialog] = useState<'follow' | 'add' | null>(null);
  const query = useQuery(TagsDocument, {
    variables: { orderBy, spaceId: spaceId || null, first: PAGE },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.tags;
  const { waiting, loadMore, loadingMore } = usePagedQueryState(query, page, {
    skeleton: (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={120} radius="md" />
        ))}
      </SimpleGrid>
    ),
    errorTitle: t('tags:list.loadFailed'),
  });

  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h3">
          {t('tags:list.title', { space: spaceName })}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => requireSignIn(() => setDialog('add'))}
          >
            {t('tags:list.addTags')}
          </Button>
          <Button
            leftSection={<IconTags size={16} />}
            onClick={() => requireSignIn(() => setDialog('follow'))}
          >
            {t('tags:list.followTags')}
          </Button>
        </Group>
      </Group>
      <SegmentedControl
        aria-label={t('tags:list.sort')}
        value={orderBy}
        onChange={(value) => setOrderBy(value as TagSort)}
        data={SORTS.map((sort) => ({
          value: sort,
          label: {
            followers: t('tags:list.sorts.followers'),
            problems: t('tags:list.sorts.problems'),
            stories: t('tags:list.sorts.stories'),
            recent: t('tags:list.sorts.recent'),
          }[sort],
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {waiting ??
        (nodesOf(page).length ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {nodesOf(page).map((tag) => (
              <Card key={tag.id} withBorder radius="md" padding="md">
                <Stack gap="sm" h="100%" justify="space-between">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Anchor
                      component={Link}
                      to={`/tags/${encodeURIComponent(tag.id)}/info`}
                      fw={600}
                      size="lg"
                      style={{ wordBreak: 'break-word' }}
                    >
                      #{tag.name}
                    </Anchor>
                    <FollowButton tag={tag} />
                  </Group>
                  <TagCounters counters={tag.counters} />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        ) : (
          <EmptyNotice
            icon={IconHash}
            title={t('tags:list.empty')}
            hint={t('tags:list.emptyHint')}
          />
        ))}
      {nextCursorOf(page) ? (
        <LoadMoreFooter
          loadingMore={loadingMore}
          loadMore={loadMore}
          label={t('tags:list.loadMore')}
        />
      ) : null}
      <FollowTagsDialog opened={dialog === 'follow'} onClose={() => setDialog(null)} />
      <AddTagsDialog opened={dialog === 'add'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
