import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  EmptyState,
  Group,
  Select,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  IconArrowDown,
  IconArrowUp,
  IconLayoutList,
  IconLayoutGrid,
  IconLock,
  IconPlus,
} from '@tabler/icons-react';
import { DEFAULT_TIME_RANGE, PROBLEM_SORTS, type ProblemSort, type ProblemStatus } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView } from '../../components/LoadState';
import { notifyError } from '../../components/notify';
import {
  DEFAULT_TIME_RANGE_CHOICE,
  TimeRangeSelect,
  timeRangeVariables,
} from '../../components/TimeRangeSelect';
import {
  JoinedProblemsDocument,
  UpdateJoinedProblemsDocument,
  type ProblemListKind,
} from '../../gql/graphql';
import { useRequireSignIn, useViewer } from '../auth';
import {
  DEFAULT_PLACE_FILTER,
  DistanceSwitch,
  needsPosition,
  usePositionChoice,
  type PlaceFilter,
} from '../places';
import { usePendingPosts } from '../../components/post-form/pendingPosts';
import { ProblemDialog } from './ProblemDialog';
import { ProblemList, ProblemListSkeleton, type ProblemView } from './ProblemList';
import { StatusFilter, useProblemLabels } from './ProblemBits';
import { EmptyNotice } from '../../components/EmptyNotice';

export const PROBLEM_PAGE_WIDTH = 820;
type ListTab = ProblemListKind;
/** The /problems/* pages side by side; the alerts page (the tags feature's) is one of them. */
type ProblemsTab = ListTab | 'alerts';
const TABS: ProblemsTab[] = ['recent', 'myproblems', 'mypriorities', 'solving', 'alerts'];
/** What a signed-out visitor can read: the space's problems and those being solved. */
const PUBLIC_TABS: readonly ProblemsTab[] = ['recent', 'solving'];

/**
 * The /problems/* tab strip; signed out, only the lists a visitor can read (while the session
 * loads all show, so a signed-in page does not grow tabs under the reader).
 */
export function ProblemListTabs({ current }: { current: ProblemsTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useProblemLabels();
  const { viewer, loading } = useViewer();
  const shown = TABS.filter((tab) => viewer || loading || PUBLIC_TABS.includes(tab));
  const label = (tab: ProblemsTab) =>
    tab === 'alerts' ? t('problems:list.alertsTab') : labels.lists[tab].tab;
  return (
    <Tabs value={current} onChange={(value) => value && void navigate(`/problems/${value}`)}>
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        {shown.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {label(tab)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** The title, the Add Problem button and the tab strip shared by every /problems/* list. */
function ProblemsHeader({ current }: { current: ListTab }) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const [adding, setAdding] = useState(false);
  const labels = useProblemLabels();
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={1} size="h3">
          {labels.lists[current].title}
        </Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => requireSignIn(() => setAdding(true), { resume: true })}
          style={{ flexShrink: 0 }}
        >
          {t('problems:list.add')}
        </Button>
      </Group>
      <ProblemListTabs current={current} />
      <ProblemDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

function SignInFirst() {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  return (
    <EmptyNotice
      icon={IconLock}
      title={t('problems:signIn.title')}
      hint={t('problems:signIn.list')}
      action={
        <Button onClick={() => requireSignIn(() => undefined)}>{t('common:auth.signIn')}</Button>
      }
    />
  );
}

/** /problems/recent, /problems/myproblems, /problems/solving: sorts, status chips, time range. */
export function ProblemListPage({ list }: { list: Exclude<ListTab, 'mypriorities'> }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const { viewer, loading } = useViewer();
  const [orderBy, setOrderBy] = useState<ProblemSort>('recent');
  const [statuses, setStatuses] = useState<ProblemStatus[]>([]);
  const [range, setRange] = useState(DEFAULT_TIME_RANGE_CHOICE);
  const time = timeRangeVariables(range);
  const [view, setView] = useState<ProblemView>('cards');
  const [place, setPlace] = useState<PlaceFilter>(DEFAULT_PLACE_FILTER);
  const { withPosition, asking, notice } = usePositionChoice();
  const own = list === 'myproblems';
  const labels = useProblemLabels();
  // New problems still uploading their files show on top where new problems go: newest first.
  const pendingHere = usePendingPosts('problems', spaceId);
  const pending =
    list !== 'solving' && orderBy === 'recent' && place.distance !== 'nearby' ? pendingHere : [];
  // The location sort (nearest first) needs the reader's position: without it the sort stays.
  const sortBy = (next: ProblemSort) => {
    if (next !== 'location') setOrderBy(next);
    else
      void withPosition((position) => {
        setPlace((current) => ({ ...current, position }));
        setOrderBy(next);
      });
  };

  let body;
  if (own && !viewer) body = loading ? <ProblemListSkeleton /> : <SignInFirst />;
  else
    body = (
      <ProblemList
        key={`${list}-${viewer?.id ?? 'guest'}`}
        view={view}
        pending={pending}
        variables={{
          list,
          orderBy,
          statuses: list === 'solving' || statuses.length === 0 ? null : statuses,
          ...time,
          spaceId,
          ...(needsPosition(orderBy, place) && { position: place.position }),
          ...(place.distance === 'nearby' && { distance: place.distance }),
        }}
        empty={
          statuses.length > 0 ||
          time.timeRange !== DEFAULT_TIME_RANGE ||
          place.distance === 'nearby'
            ? {
                title: t('problems:list.noMatch'),
                description: t('problems:list.noMatchHint'),
              }
            : {
                title: labels.lists[list].empty,
                description: labels.lists[list].emptyHint,
              }
        }
      />
    );

  return (
    <Stack gap="md" maw={PROBLEM_PAGE_WIDTH} mx="auto" w="100%">
      <ProblemsHeader current={list} />
      {own && !viewer ? null : (
        <Card withBorder radius="md" padding="sm">
          <Stack gap="xs">
            <Group gap="sm" wrap="wrap" align="flex-end">
              <Select
                label={t('problems:list.sort')}
                value={orderBy}
                onChange={(value) => value && sortBy(value as ProblemSort)}
                data={PROBLEM_SORTS.map((sort) => ({
                  value: sort,
                  label: labels.sorts[sort],
                }))}
                allowDeselect={false}
                disabled={asking}
                w={200}
                size="xs"
              />
              <TimeRangeSelect value={range} onChange={setRange} />
              <DistanceSwitch value={place} onChange={setPlace} />
              <SegmentedControl
                size="xs"
                value={view}
                onChange={(value) => setView(value as ProblemView)}
                aria-label={t('problems:list.view')}
                data={[
                  {
                    value: 'cards',
                    label: <IconLayoutGrid size={16} aria-label={t('problems:list.cards')} />,
                  },
                  {
                    value: 'rows',
                    label: <IconLayoutList size={16} aria-label={t('problems:list.rows')} />,
                  },
                ]}
              />
            </Group>
            {list === 'solving' ? null : <StatusFilter value={statuses} onChange={setStatuses} />}
            {notice}
          </Stack>
        </Card>
      )}
      {body}
    </Stack>
  );
}

/** /problems/mypriorities: the viewer's joined problems in priority order, reordered with arrows. */
export function PrioritiesPage() {
  const { t } = useTranslation();
  const { viewer, loading } = useViewer();
  const {
    data,
    loading: loadingList,
    error,
    refetch,
  } = useQuery(JoinedProblemsDocument, {
    skip: !viewer,
    fetchPolicy: 'cache-and-network',
  });
  const [save, saving] = useMutation(UpdateJoinedProblemsDocument, {
    update: (cache, result) => {
      if (result.data)
        cache.writeQuery({
          query: JoinedProblemsDocument,
          data: { joinedProblems: result.data.updateJoinedProblems },
        });
    },
  });
  const items = data?.joinedProblems ?? [];

  const move = async (index: number, step: -1 | 1) => {
    const next = [...items];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + step, 0, moved);
    try {
      await save({
        variables: { problemIds: next.map((item) => item.id) },
        optimisticResponse: {
          updateJoinedProblems: next.map((item, position) => ({
            ...item,
            priority: position + 1,
            __typename: 'JoinedProblem' as const,
          })),
        },
      });
    } catch (caught) {
      notifyError(caught);
    }
  };

  const waiting = loadStateView({
    loading: loadingList,
    error,
    refetch,
    hasData: !!data,
    skeleton: <ProblemListSkeleton />,
    errorTitle: t('problems:list.loadFailed'),
  });
  let body;
  if (!viewer) body = loading ? <ProblemListSkeleton /> : <SignInFirst />;
  else if (waiting) body = waiting;
  else if (items.length === 0)
    body = (
      <EmptyState
        withIndicatorBackground
        title={t('problems:lists.mypriorities.empty')}
        description={t('problems:lists.mypriorities.emptyHint')}
        py="xl"
      />
    );
  else
    body = (
      <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item, index) => (
          <Card key={item.id} withBorder radius="sm" padding="sm" component="li">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text fw={700} c="dimmed" w={28} ta="right">
                  {index + 1}
                </Text>
                <Anchor
                  component={Link}
                  to={`/problem/${item.id}/info`}
                  fw={600}
                  c="inherit"
                  truncate="end"
                >
                  {item.name}
                </Anchor>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={t('problems:priorities.up', { name: item.name })}
                  disabled={index === 0 || saving.loading}
                  onClick={() => void move(index, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('problems:priorities.down', {
                    name: item.name,
                  })}
                  disabled={index === items.length - 1 || saving.loading}
                  onClick={() => void move(index, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Stack gap="md" maw={PROBLEM_PAGE_WIDTH} mx="auto" w="100%">
      <ProblemsHeader current="mypriorities" />
      <Text size="sm" c="dimmed">
        {t('problems:priorities.intro')}
      </Text>
      {body}
    </Stack>
  );
}
