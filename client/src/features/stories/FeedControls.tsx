import { Group, Select } from '@mantine/core';
import { TIME_RANGES, type TimeRange } from '@rules';
import { useTranslation } from 'react-i18next';
import type { StorySort } from '../../gql/graphql';

export interface FeedFilter {
  orderBy: StorySort;
  timeRange: TimeRange;
}

export const DEFAULT_FEED_FILTER: FeedFilter = {
  orderBy: 'recent',
  timeRange: 'alltime',
};

const SORTS: StorySort[] = ['recent', 'reactions', 'comments'];

/** The feed's sort menu and time-range select ('location' waits for the location issue). */
export function FeedControls({
  value,
  onChange,
}: {
  value: FeedFilter;
  onChange: (next: FeedFilter) => void;
}) {
  const { t } = useTranslation();
  const sortLabels: Record<StorySort, string> = {
    recent: t('stories:sort.recent'),
    reactions: t('stories:sort.reactions'),
    comments: t('stories:sort.comments'),
  };
  const rangeLabels: Record<TimeRange, string> = {
    last24hours: t('stories:timeRange.last24hours'),
    last7days: t('stories:timeRange.last7days'),
    last30days: t('stories:timeRange.last30days'),
    last6months: t('stories:timeRange.last6months'),
    alltime: t('stories:timeRange.alltime'),
  };
  return (
    <Group gap="sm" grow wrap="nowrap" preventGrowOverflow={false}>
      <Select
        label={t('stories:sort.label')}
        value={value.orderBy}
        allowDeselect={false}
        onChange={(next) => next && onChange({ ...value, orderBy: next as StorySort })}
        data={SORTS.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
        size="xs"
      />
      <Select
        label={t('stories:timeRange.label')}
        value={value.timeRange}
        allowDeselect={false}
        onChange={(next) => next && onChange({ ...value, timeRange: next as TimeRange })}
        data={TIME_RANGES.map((range) => ({
          value: range,
          label: rangeLabels[range],
        }))}
        size="xs"
      />
    </Group>
  );
}
