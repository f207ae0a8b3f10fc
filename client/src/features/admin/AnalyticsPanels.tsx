import { useQuery } from '@apollo/client/react';
import {
  Avatar,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ANALYTICS_DAYS_DEFAULT, ANALYTICS_PERIODS } from '@rules';
import { loadStateView, type LoadStateOptions } from '../../components/LoadState';
import { ManageOverviewDocument, SpaceAnalyticsDocument } from '../../gql/graphql';

const ActivityChart = lazy(() => import('./ActivityChart'));
const TopTagsChart = lazy(() =>
  import('./ActivityChart').then((module) => ({ default: module.TopTagsChart })),
);

const chartFallback = <Skeleton height={320} radius="md" />;

/** 7 days, 30 days, 90 days, a year. */
export function PeriodSelect({
  days,
  onChange,
}: {
  days: number;
  onChange: (days: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('admin:period.label')}
      value={String(days)}
      onChange={(value) => onChange(Number(value))}
      data={ANALYTICS_PERIODS.map((period) => ({
        value: String(period),
        label: t('admin:period.days', { count: period }),
      }))}
    />
  );
}

function Totals({ totals }: { totals: { label: string; value: number }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: totals.length }} spacing="sm">
      {totals.map((total) => (
        <Paper key={total.label} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {total.label}
          </Text>
          <Text fz={28} fw={700}>
            {total.value.toLocaleString()}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * A panel's title and period over its body; while the body has no data yet (`children` is null),
 * the query's load state.
 */
function AnalyticsPanel({
  title,
  days,
  setDays,
  query,
  children,
}: {
  title: string;
  days: number;
  setDays: (days: number) => void;
  query: Pick<LoadStateOptions, 'loading' | 'error' | 'refetch'>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <PeriodSelect days={days} onChange={setDays} />
      </Group>
      {children ??
        loadStateView({ ...query, skeleton: chartFallback, errorTitle: t('admin:loadFailed') })}
    </Stack>
  );
}

const sum = (daily: { [key: string]: unknown }[], key: string) =>
  daily.reduce((total, point) => total + (typeof point[key] === 'number' ? point[key] : 0), 0);

/**
 * A manager's overview of a space: stories, problems, solutions, skills and new people per day
 * over the period, and the space's totals.
 */
export function ManageOverviewPanel({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(ANALYTICS_DAYS_DEFAULT);
  const { data, loading, error, refetch } = useQuery(ManageOverviewDocument, {
    variables: { spaceId, days },
    fetchPolicy: 'cache-and-network',
  });
  const overview = data?.manageOverview;
  return (
    <AnalyticsPanel
      title={t('admin:overview.title')}
      days={days}
      setDays={setDays}
      query={{ loading, error, refetch }}
    >
      {overview ? (
        <>
          <Totals
            totals={[
              { label: t('admin:series.stories'), value: overview.totalStories },
              { label: t('admin:series.problems'), value: overview.totalProblems },
              { label: t('admin:series.solutions'), value: overview.totalSolutions },
              { label: t('admin:series.skills'), value: overview.totalSkills },
              { label: t('admin:series.peopleTotal'), value: overview.totalPeople },
            ]}
          />
          <Text size="sm" c="dimmed">
            {t('admin:overview.newInPeriod', {
              count: sum(overview.daily, 'people'),
              days: overview.days,
            })}
          </Text>
          <Suspense fallback={chartFallback}>
            <ActivityChart daily={overview.daily} withPeople />
          </Suspense>
        </>
      ) : null}
    </AnalyticsPanel>
  );
}

/**
 * A space's analytics for anyone who may read it: items per day, top tags and the most active
 * participants, over what the viewer may see.
 */
export function SpaceAnalyticsPanel({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(ANALYTICS_DAYS_DEFAULT);
  const { data, loading, error, refetch } = useQuery(SpaceAnalyticsDocument, {
    variables: { spaceId, days },
    fetchPolicy: 'cache-and-network',
  });
  const analytics = data?.spaceAnalytics;
  return (
    <AnalyticsPanel
      title={t('admin:analytics.title')}
      days={days}
      setDays={setDays}
      query={{ loading, error, refetch }}
    >
      {analytics ? (
        <>
          <Totals
            totals={(['stories', 'problems', 'solutions', 'skills'] as const).map((key) => ({
              label: t(`admin:series.${key}`),
              value: sum(analytics.daily, key),
            }))}
          />
          <Suspense fallback={chartFallback}>
            <ActivityChart daily={analytics.daily} withPeople={false} />
            <TopTagsChart tags={analytics.topTags} />
          </Suspense>
          <Paper withBorder radius="md" p="md">
            <Title order={2} size="h4" mb="sm">
              {t('admin:analytics.activeParticipants')}
            </Title>
            {analytics.activeParticipants.length === 0 ? (
              <Text c="dimmed">{t('admin:analytics.noParticipants')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin:analytics.person')}</Table.Th>
                      <Table.Th ta="right">{t('admin:analytics.items')}</Table.Th>
                      <Table.Th ta="right">{t('admin:analytics.comments')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {analytics.activeParticipants.map((row) => (
                      <Table.Tr key={row.person.id}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Avatar
                              src={row.person.photoURL || null}
                              name={row.person.displayName}
                              color="initials"
                              size="sm"
                            />
                            <Text
                              component={Link}
                              to={`/network/${row.person.id}/info`}
                              size="sm"
                              fw={500}
                            >
                              {row.person.displayName}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right">{row.items}</Table.Td>
                        <Table.Td ta="right">{row.comments}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Text size="xs" c="dimmed" mt="xs">
              {t('admin:analytics.anonymousNote')}
            </Text>
          </Paper>
        </>
      ) : null}
    </AnalyticsPanel>
  );
}
