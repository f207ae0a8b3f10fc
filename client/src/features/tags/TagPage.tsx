import { useQuery } from '@apollo/client/react';
import {
  Anchor,
  Avatar,
  Card,
  Group,
  List,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconHash, IconUsers } from '@tabler/icons-react';
import { normalizeTag } from '@rules';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView } from '../../components/LoadState';
import {
  TagDocument,
  TagProblemsDocument,
  TagProfilesDocument,
  TagSolutionsDocument,
  type TagCardFragment,
} from '../../gql/graphql';
import { ShareButton } from '../share';
import { StoryList } from '../stories';
import { FollowButton } from './FollowButton';
import { TagCounters } from './TagCounters';
import { TaggedPostList } from './TaggedPostList';
import { usePagedQueryState } from '../../components/usePagedQueryState';
import { EmptyNotice } from '../../components/EmptyNotice';

const TABS = ['info', 'perspectives', 'problems', 'solutions', 'profiles'] as const;
type TagTab = (typeof TABS)[number];
const isTab = (value: string | undefined): value is TagTab => TABS.includes(value as TagTab);

/** /tags/{id}/{tab}: one tag with its info and its content in the active space. '#Water' becomes 'water'. */
export function TagPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const { spaceId, spaceName } = useActiveSpace();
  const raw = params.id ?? '';
  const id = normalizeTag(raw);
  const tab = isTab(params.tab) ? params.tab : 'info';
  const { data, loading, error, refetch } = useQuery(TagDocument, {
    variables: { id, spaceId: spaceId || null },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });

  if (id && (raw !== id || params.tab !== tab))
    return <Navigate to={`/tags/${encodeURIComponent(id)}/${tab}`} replace />;
  const tag = data?.tag;
  if (!tag)
    return loadStateView({
      loading,
      error,
      refetch,
      skeleton: <Skeleton height={160} radius="md" maw={960} mx="auto" />,
      errorTitle: t('tags:page.loadFailed'),
      errorPages: { NOT_FOUND: 404 },
      itemPage: true,
      alertWidth: 960,
    });

  const labels: Record<TagTab, string> = {
    info: t('tags:page.tabs.info'),
    perspectives: t('tags:page.tabs.perspectives'),
    problems: t('tags:page.tabs.problems'),
    solutions: t('tags:page.tabs.solutions'),
    profiles: t('tags:page.tabs.profiles'),
  };

  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <IconHash size={28} aria-hidden />
            <Title order={1} size="h3" style={{ wordBreak: 'break-word' }}>
              {tag.name}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('tags:page.inSpace', { space: spaceName })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <ShareButton target={{ kind: 'tag', id }} spaceId={spaceId} />
          <FollowButton tag={tag} size="sm" />
        </Group>
      </Group>
      <TagCounters counters={tag.counters} />
      <Tabs
        value={tab}
        onChange={(next) => next && void navigate(`/tags/${encodeURIComponent(id)}/${next}`)}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {labels[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <TagInfo tag={tag} />
        </Tabs.Panel>
        <Tabs.Panel value="perspectives" pt="md">
          <StoryList
            list="recent"
            spaceId={spaceId}
            options={{ tags: [id] }}
            empty={{ title: t('tags:page.noStories') }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="problems" pt="md">
          <TagPosts kind="problem" tag={id} />
        </Tabs.Panel>
        <Tabs.Panel value="solutions" pt="md">
          <TagPosts kind="solution" tag={id} />
        </Tabs.Panel>
        <Tabs.Panel value="profiles" pt="md">
          <TagProfiles tag={id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The tag info: description, following status, counts, registered date, links to its pages. */
function TagInfo({ tag }: { tag: TagCardFragment }) {
  const { t, i18n } = useTranslation();
  const base = `/tags/${encodeURIComponent(tag.id)}`;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Text>{tag.description || t('tags:info.noDescription')}</Text>
        <Text size="sm">
          {tag.following ? t('tags:info.following') : t('tags:info.notFollowing')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('tags:info.registered', {
            date: dayjs(tag.when)
              .locale(i18n.language === 'te' ? 'te' : 'en')
              .format('LL'),
          })}
        </Text>
        <Text size="sm" fw={600}>
          {t('tags:info.links')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Anchor component={Link} to={`${base}/perspectives`}>
              {t('tags:page.tabs.perspectives')}
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={`${base}/problems`}>
              {t('tags:page.tabs.problems')}
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={`${base}/solutions`}>
              {t('tags:page.tabs.solutions')}
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={`${base}/profiles`}>
              {t('tags:page.tabs.profiles')}
            </Anchor>
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}

function TagPosts({ kind, tag }: { kind: 'problem' | 'solution'; tag: string }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const variables = { tag, spaceId: spaceId || null, first: 20 };
  const problemsQuery = useQuery(TagProblemsDocument, {
    variables,
    skip: kind !== 'problem',
    fetchPolicy: 'cache-and-network',
  });
  const solutionsQuery = useQuery(TagSolutionsDocument, {
    variables,
    skip: kind !== 'solution',
    fetchPolicy: 'cache-and-network',
  });
  return (
    <TaggedPostList
      kind={kind}
      query={kind === 'problem' ? problemsQuery : solutionsQuery}
      page={
        kind === 'problem' ? problemsQuery.data?.tagProblems : solutionsQuery.data?.tagSolutions
      }
      empty={kind === 'problem' ? t('tags:page.noProblems') : t('tags:page.noSolutions')}
    />
  );
}

function TagProfiles({ tag }: { tag: string }) {
  const { t } = useTranslation();
  const query = useQuery(TagProfilesDocument, {
    variables: { tag, first: 30 },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.tagProfiles;
  const { waiting, loadMore, loadingMore } = usePagedQueryState(query, page, {
    skeleton: <Skeleton height={80} radius="md" />,
    errorTitle: t('tags:page.loadFailed'),
  });
  if (waiting) return waiting;
  if (!nodesOf(page).length) {
    return <EmptyNotice icon={IconUsers} title={t('tags:page.noProfiles')} />;
  }
  return (
    <Stack gap="sm">
      {nodesOf(page).map((person) => (
        <Card key={person.id} withBorder radius="md" padding="sm">
          <Group gap="sm">
            <Avatar
              src={person.photoURL || null}
              name={person.displayName}
              color="initials"
              radius={person.role === 'org' ? 'sm' : 'xl'}
            />
            <Anchor component={Link} to={`/network/${person.id}/info`} fw={500}>
              {person.displayName}
            </Anchor>
          </Group>
        </Card>
      ))}
      {nextCursorOf(page) ? (
        <LoadMoreFooter
          loadingMore={loadingMore}
          loadMore={loadMore}
          label={t('tags:list.loadMore')}
        />
      ) : null}
    </Stack>
  );
}
