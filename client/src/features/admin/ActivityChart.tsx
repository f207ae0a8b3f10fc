import { BarChart, LineChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DailyCountFieldsFragment } from '../../gql/graphql';

const ITEM_SERIES = [
  { name: 'stories', color: 'blue.6' },
  { name: 'problems', color: 'red.6' },
  { name: 'solutions', color: 'teal.6' },
  { name: 'skills', color: 'grape.6' },
] as const;

/** Days as the reader writes them: '23 Nov' style labels, from the server's UTC day. */
function useDayLabel() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/**
 * Items (and, on manage pages, new people) per day, drawn by @mantine/charts (recharts). Loaded
 * lazily: only the analytics and manage pages pay for the chart library.
 */
export default function ActivityChart({
  daily,
  withPeople,
}: {
  daily: DailyCountFieldsFragment[];
  withPeople: boolean;
}) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const data = daily.map((point) => ({ ...point, label: dayLabel(point.day) }));
  const series = [
    ...ITEM_SERIES.map((item) => ({ ...item, label: t(`admin:series.${item.name}`) })),
    ...(withPeople ? [{ name: 'people', color: 'orange.6', label: t('admin:series.people') }] : []),
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('admin:charts.overTime')}
      </Title>
      <LineChart
        h={280}
        data={data}
        dataKey="label"
        series={series}
        curveType="linear"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        withDots={false}
        tickLine="x"
        yAxisProps={{ allowDecimals: false }}
      />
    </Paper>
  );
}

/** The most used tags over the period, as horizontal bars. */
export function TopTagsChart({ tags }: { tags: { tag: string; count: number }[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('admin:charts.topTags')}
      </Title>
      {tags.length === 0 ? (
        <Text c="dimmed">{t('admin:charts.noTags')}</Text>
      ) : (
        <BarChart
          h={Math.max(160, tags.length * 32)}
          data={tags.map((tag) => ({ tag: `#${tag.tag}`, count: tag.count }))}
          dataKey="tag"
          orientation="vertical"
          series={[{ name: 'count', color: 'teal.6', label: t('admin:charts.uses') }]}
          yAxisProps={{ width: 110 }}
          xAxisProps={{ allowDecimals: false }}
        />
      )}
    </Paper>
  );
}
