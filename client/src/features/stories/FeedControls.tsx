import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_TIME_RANGE_CHOICE,
  TimeRangeSelect,
  timeRangeVariables,
  type TimeRangeChoice,
} from '../../components/TimeRangeSelect';
import type { StorySort } from '../../gql/graphql';
import {
  DEFAULT_PLACE_FILTER,
  DistanceSwitch,
  usePositionChoice,
  type PlaceFilter,
} from '../places';
import type { StoryListOptions } from './storyCache';

export interface FeedFilter extends PlaceFilter {
  orderBy: StorySort;
  range: TimeRangeChoice;
}

export const DEFAULT_FEED_FILTER: FeedFilter = {
  orderBy: 'recent',
  range: DEFAULT_TIME_RANGE_CHOICE,
  ...DEFAULT_PLACE_FILTER,
};

/** The list options of a feed filter (a custom range counts once both of its days are chosen). */
export const feedOptions = (filter: FeedFilter): StoryListOptions => ({
  orderBy: filter.orderBy,
  ...timeRangeVariables(filter.range),
  distance: filter.distance,
  position: filter.position,
});

const SORTS: StorySort[] = ['recent', 'reactions', 'comments', 'location'];

/**
 * The feed's sort menu, time-range select and Nearby/All switch. The location sort (nearest
 * first) and Nearby need the reader's position: chosen, they ask for it, and stay unchosen
 * without it.
 */
export function FeedControls({
  value,
  onChange,
}: {
  value: FeedFilter;
  onChange: (next: FeedFilter) => void;
}) {
  const { t } = useTranslation();
  const { withPosition, asking, notice } = usePositionChoice();
  const sortLabels: Record<StorySort, string> = {
    recent: t('stories:sort.recent'),
    reactions: t('stories:sort.reactions'),
    comments: t('stories:sort.comments'),
    location: t('places:sort.location'),
  };
  const sortBy = (orderBy: StorySort) => {
    if (orderBy !== 'location') onChange({ ...value, orderBy });
    else void withPosition((position) => onChange({ ...value, orderBy, position }));
  };
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <NativeSelect
        label={t('stories:sort.label')}
        value={value.orderBy}
        onChange={(event) => sortBy(event.currentTarget.value as StorySort)}
        data={SORTS.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
        disabled={asking}
        w={200}
        size="xs"
      />
      <TimeRangeSelect value={value.range} onChange={(range) => onChange({ ...value, range })} />
      <DistanceSwitch value={value} onChange={(place) => onChange({ ...value, ...place })} />
      {notice}
    </Group>
  );
}
