import { useQuery } from '@apollo/client/react';
import {
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock, IconPlus, IconSearch, IconWorld } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PRIVATE_SPACE_TABS, type CountrySpaceSort, type PrivateSpaceTab } from '@rules';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { loadStateView } from '../../components/LoadState';
import {
  CountrySpacesDocument,
  MySpacesDocument,
  RecentSpacesDocument,
  type SpaceCardFragment,
  type SpaceListStatus,
} from '../../gql/graphql';
import { RequireSignIn } from '../auth';
import { CreateSpaceDialog } from './CreateSpaceDialog';
import { SpaceCard } from './SpaceCard';
import { countryName } from './spaceDisplay';
import { useChangeSpace } from './useChangeSpace';
import { EmptyNotice } from '../../components/EmptyNotice';

const PAGE_WIDTH = 960;

function SpaceGrid({ spaces, empty }: { spaces: readonly SpaceCardFragment[]; empty: string }) {
  const { enter, dialog } = useChangeSpace();
  if (spaces.length === 0) {
    return <EmptyNotice icon={IconWorld} title={empty} />;
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {spaces.map((space) => (
          <SpaceCard key={space.id} space={space} onEnter={(target) => void enter(target)} />
        ))}
      </SimpleGrid>
      {dialog}
    </>
  );
}

function SpacesLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('spaces:list.loading')} />
    </Center>
  );
}

/**
 * /spaces/countries: every country space with an Enter button. All pages are loaded (about 250
 * countries), so names sort in the reader's language (Intl.DisplayNames) and the filter is instant.
 */
export function CountrySpacesPage() {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<CountrySpaceSort>('countryNamesAZ');
  const [filter, setFilter] = useState('');
  const { data, loading, error, fetchMore, refetch } = useQuery(CountrySpacesDocument, {
    variables: { sort, first: 100 },
  });
  const page = data?.countrySpaces;
  const cursor = nextCursorOf(page);
  const nodes = nodesOf(page);

  useEffect(() => {
    if (!cursor) return;
    void fetchMore({ variables: { after: cursor } });
  }, [fetchMore, cursor]);

  const spaces = useMemo(() => {
    const named = nodes.map((space) => ({
      space,
      label: countryName(space.code ?? space.id, i18n.language, space.name),
    }));
    const wanted = filter.trim().toLocaleLowerCase(i18n.language);
    const shown = wanted
      ? named.filter(
          ({ space, label }) =>
            label.toLocaleLowerCase(i18n.language).includes(wanted) || space.id.includes(wanted),
        )
      : named;
    if (sort === 'countryNamesAZ')
      shown.sort((a, b) => a.label.localeCompare(b.label, i18n.language));
    return shown.map(({ space }) => space);
  }, [filter, i18n.language, nodes, sort]);

  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <Title order={1} size="h3">
        {t('spaces:countries.title')}
      </Title>
      <Group justify="space-between" gap="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('spaces:countries.filter')}
          aria-label={t('spaces:countries.filter')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 200 }}
        />
        <SegmentedControl
          aria-label={t('spaces:countries.sort')}
          value={sort}
          onChange={(value) => setSort(value as CountrySpaceSort)}
          data={[
            { value: 'countryNamesAZ', label: t('spaces:countries.namesAZ') },
            { value: 'countryCodesZA', label: t('spaces:countries.codesZA') },
          ]}
        />
      </Group>
      {loadStateView({
        loading,
        error,
        refetch,
        hasData: !!page,
        skeleton: <SpacesLoading />,
        errorTitle: t('spaces:list.loadFailed'),
      }) ?? <SpaceGrid spaces={spaces} empty={t('spaces:countries.empty')} />}
    </Stack>
  );
}

function MySpacesTab({ status }: { status: PrivateSpaceTab }) {
  const { t } = useTranslation();
  const { data, loading, error, refetch, fetchMore } = useQuery(MySpacesDocument, {
    variables: { status: status as SpaceListStatus, first: 30 },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.mySpaces;
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: <SpacesLoading />,
    errorTitle: t('spaces:list.loadFailed'),
  });
  if (waiting) return waiting;
  const empty = {
    active: t('spaces:private.emptyActive'),
    invited: t('spaces:private.emptyInvited'),
    requested: t('spaces:private.emptyRequested'),
    blocked: t('spaces:private.emptyBlocked'),
  }[status];
  return (
    <Stack gap="md">
      <SpaceGrid spaces={nodesOf(page)} empty={empty} />
      <LoadMoreButton
        cursor={nextCursorOf(page)}
        label={t('spaces:list.loadMore')}
        onLoad={(after) => fetchMore({ variables: { after } })}
      />
    </Stack>
  );
}

/** /spaces/private/{active,invited,requested,blocked}: the viewer's private spaces by status. */
export function PrivateSpacesPage() {
  const { t } = useTranslation();
  const { tab } = useParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const current = PRIVATE_SPACE_TABS.find((value) => value === tab);
  if (!current) return <Navigate to="/spaces/private/active" replace />;
  const labels: Record<PrivateSpaceTab, string> = {
    active: t('spaces:private.active'),
    invited: t('spaces:private.invited'),
    requested: t('spaces:private.requested'),
    blocked: t('spaces:private.blocked'),
  };
  return (
    <RequireSignIn>
      <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconLock size={22} />
            <Title order={1} size="h3">
              {t('spaces:private.title')}
            </Title>
          </Group>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setCreating(true)}
            style={{ flexShrink: 0 }}
          >
            {t('spaces:create.open')}
          </Button>
        </Group>
        <Tabs
          value={current}
          onChange={(value) => value && void navigate(`/spaces/private/${value}`)}
        >
          <Tabs.List>
            {PRIVATE_SPACE_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {labels[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <MySpacesTab key={current} status={current} />
        <CreateSpaceDialog opened={creating} onClose={() => setCreating(false)} />
      </Stack>
    </RequireSignIn>
  );
}

/** /spaces/recent: the spaces the viewer entered last. */
export function RecentSpacesPage() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(RecentSpacesDocument, {
    variables: { first: 25 },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <RequireSignIn>
      <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
        <Title order={1} size="h3">
          {t('spaces:recent.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('spaces:recent.intro')}
        </Text>
        {loadStateView({
          loading,
          error,
          refetch,
          hasData: !!data,
          skeleton: <SpacesLoading />,
          errorTitle: t('spaces:list.loadFailed'),
        }) ?? <SpaceGrid spaces={data?.recentSpaces ?? []} empty={t('spaces:recent.empty')} />}
      </Stack>
    </RequireSignIn>
  );
}
