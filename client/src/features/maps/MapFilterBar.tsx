import { Badge, Box, Button, Card, Collapse, Group, TagsInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { IconFilter, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TimeRangeSelect } from '../../components/TimeRangeSelect';
import { StatusFilter } from '../problems';
import { MAP_FILTER_TAGS_MAX, type MapFilterState } from './mapFilters';

/** Which of the bar's filters a view uses (an s-curve counts solved problems: no status filter). */
export interface MapFilterFields {
  statuses: boolean;
}

/**
 * A map page's filter bar: problem statuses (every status when none is chosen), a time range and
 * tags. Its changes narrow what the viewer sees; the map itself is not saved.
 */
export function MapFilterBar({
  value,
  onChange,
  onReset,
  fields = { statuses: true },
}: {
  value: MapFilterState;
  onChange: (next: MapFilterState) => void;
  /** Back to the map's saved filters; absent while they are shown. */
  onReset?: () => void;
  fields?: MapFilterFields;
}) {
  const { t } = useTranslation();
  // On a phone the bar folds away behind one button, so the map starts on the first screen.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [open, setOpen] = useState(false);
  const chosen =
    value.statuses.length + value.tags.length + (value.range.timeRange === 'alltime' ? 0 : 1);
  const controls = (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TimeRangeSelect value={value.range} onChange={(range) => onChange({ ...value, range })} />
      <TagsInput
        label={t('maps:filters.tags')}
        placeholder={value.tags.length ? undefined : t('maps:filters.tagsPlaceholder')}
        size="xs"
        w={220}
        value={value.tags}
        onChange={(tags) => onChange({ ...value, tags })}
        maxTags={MAP_FILTER_TAGS_MAX}
        clearable
      />
      {fields.statuses ? (
        <Box pb={4}>
          <StatusFilter
            value={value.statuses}
            onChange={(statuses) => onChange({ ...value, statuses })}
          />
        </Box>
      ) : null}
      {onReset ? (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconFilterOff size={14} />}
          onClick={onReset}
        >
          {t('maps:filters.reset')}
        </Button>
      ) : null}
    </Group>
  );
  if (!narrow)
    return (
      <Card withBorder radius="md" padding="sm">
        {controls}
      </Card>
    );
  return (
    <Card withBorder radius="md" padding="xs">
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconFilter size={14} />}
        rightSection={chosen ? <Badge size="xs">{chosen}</Badge> : null}
        onClick={() => setOpen((current) => !current)}
        aria-expanded={open}
      >
        {t('maps:filters.toggle')}
      </Button>
      <Collapse expanded={open}>
        <Box pt="xs">{controls}</Box>
      </Collapse>
    </Card>
  );
}
