import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_TIME_RANGE_CHOICE,
  TimeRangeSelect,
  timeRangeVariables,
  type TimeRangeChoice,
} from '../../components/TimeRangeSelect';
import type { StorySort } from '../../gql/graphql';
import type { StoryListOptions } from './storyCache';

export interface FeedFilter {
  orderBy: StorySort;
  range: TimeRangeChoice;
}

export const DEFAULT_FEED_FILTER: FeedFilter = {
  orderBy: 'recent',
  range: DEFAULT_TIME_RANGE_CHOICE,
};

/** The list options of a feed filter (a custom range counts once both of its days are chosen). */
export const feedOptions = (filter: FeedFilter): StoryListOptions => ({
  orderBy: filter.orderBy,
  ...timeRangeVariables(filter.range),
});

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
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label={t('stories:sort.label')}
        value={value.orderBy}
        allowDeselect={false}
        onChange={(next) => next && onChange({ ...value, orderBy: next as StorySort })}
        data={SORTS.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
        w={170}
        size="xs"
      />
      <TimeRangeSelect value={value.range} onChange={(range) => onChange({ ...value, range })} />
    </Group>
  );
}
