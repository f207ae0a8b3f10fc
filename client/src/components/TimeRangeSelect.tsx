import { NativeSelect, TextInput } from '@mantine/core';
import { DEFAULT_TIME_RANGE, TIME_RANGES, type TimeRange } from '@rules';
import { useTranslation } from 'react-i18next';

/** What the reader chose: a range, and for `custom` the first and last day (yyyy-mm-dd, local). */
export interface TimeRangeChoice {
  timeRange: TimeRange;
  startDay: string;
  endDay: string;
}

export const DEFAULT_TIME_RANGE_CHOICE: TimeRangeChoice = {
  timeRange: DEFAULT_TIME_RANGE,
  startDay: '',
  endDay: '',
};

/** A custom range runs from the start of its first day to the end of its last (local time). */
const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/**
 * The list variables of a choice. A custom range lists nothing different until both of its days
 * are chosen, so until then it asks for all time.
 */
export function timeRangeVariables(choice: TimeRangeChoice): {
  timeRange: TimeRange;
  startDate: string | null;
  endDate: string | null;
} {
  if (choice.timeRange !== 'custom')
    return { timeRange: choice.timeRange, startDate: null, endDate: null };
  if (!choice.startDay || !choice.endDay)
    return { timeRange: DEFAULT_TIME_RANGE, startDate: null, endDate: null };
  return {
    timeRange: 'custom',
    startDate: dayStart(choice.startDay),
    endDate: dayEnd(choice.endDay),
  };
}

/** The time-range select of the problem, solution and story lists, with the custom range's days. */
export function TimeRangeSelect({
  value,
  onChange,
}: {
  value: TimeRangeChoice;
  onChange: (next: TimeRangeChoice) => void;
}) {
  const { t } = useTranslation();
  const labels: Record<TimeRange, string> = {
    alltime: t('common:timeRange.alltime'),
    last24hours: t('common:timeRange.last24hours'),
    last7days: t('common:timeRange.last7days'),
    last30days: t('common:timeRange.last30days'),
    last6months: t('common:timeRange.last6months'),
    custom: t('common:timeRange.custom'),
  };
  return (
    <>
      <NativeSelect
        label={t('common:timeRange.label')}
        value={value.timeRange}
        onChange={(event) =>
          onChange({ ...value, timeRange: event.currentTarget.value as TimeRange })
        }
        data={TIME_RANGES.map((range) => ({ value: range, label: labels[range] }))}
        w={170}
        size="xs"
      />
      {value.timeRange === 'custom' ? (
        <>
          <TextInput
            type="date"
            size="xs"
            label={t('common:timeRange.startDate')}
            value={value.startDay}
            max={value.endDay || undefined}
            onChange={(event) => onChange({ ...value, startDay: event.currentTarget.value })}
            w={150}
          />
          <TextInput
            type="date"
            size="xs"
            label={t('common:timeRange.endDate')}
            value={value.endDay}
            min={value.startDay || undefined}
            onChange={(event) => onChange({ ...value, endDay: event.currentTarget.value })}
            w={150}
          />
        </>
      ) : null}
    </>
  );
}
