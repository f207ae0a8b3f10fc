import { AreaChart } from '@mantine/charts';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconChartAreaLine } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  MapProgressDocument,
  type MapFiltersInput,
  type MapProgressQuery,
  type ProgressMapDetailFragment,
} from '../../gql/graphql';
import { useMapCanvasLoadState } from './GraphView';
import { EmptyNotice } from '../../components/EmptyNotice';

type Point = MapProgressQuery['mapProgress'][number];

/** The curve's rows: each day's share solved as a percentage, labelled as the reader writes days. */
export function curveRows(points: readonly Point[], dayLabel: (iso: string) => string) {
  return points.map((point) => ({
    day: dayLabel(point.date),
    solved: Math.round(point.share * 1000) / 10,
    count: point.solved,
    total: point.total,
  }));
}

/**
 * An s-curve map: the share of the map's problems solved over time (from their status history),
 * one point a day, over the page's time range and tags. Loaded with its page: only s-curves pay
 * for the chart library.
 */
export default function ScurveMap({
  map,
  filters,
}: {
  map: ProgressMapDetailFragment;
  filters: MapFiltersInput | null;
}) {
  const { t, i18n } = useTranslation();
  const { data, loading, error, refetch } = useQuery(MapProgressDocument, {
    variables: { id: map.id, filters },
    fetchPolicy: 'cache-and-network',
  });
  const waiting = useMapCanvasLoadState({ data, loading, error, refetch });
  if (waiting) return waiting;
  const points = data?.mapProgress ?? [];
  const format = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' });
  const rows = curveRows(points, (iso) => format.format(new Date(iso)));
  const latest = points.at(-1);

  if (!latest || latest.total === 0)
    return (
      <EmptyNotice
        icon={IconChartAreaLine}
        title={t('maps:scurve.empty')}
        hint={t('maps:scurve.emptyHint')}
      />
    );

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('maps:scurve.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('maps:scurve.latest', {
              solved: latest.solved,
              total: latest.total,
              share: Math.round(latest.share * 100),
            })}
          </Text>
        </Group>
        <AreaChart
          h={360}
          data={rows}
          dataKey="day"
          series={[{ name: 'solved', color: 'teal.6', label: t('maps:scurve.series') }]}
          curveType="monotone"
          withDots={false}
          yAxisProps={{ domain: [0, 100] }}
          unit="%"
          tickLine="x"
          aria-label={t('maps:scurve.chart')}
        />
      </Stack>
    </Paper>
  );
}
