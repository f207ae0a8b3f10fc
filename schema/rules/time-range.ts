/**
 * The time-range filter of lists (problems, solutions, stories): a preset reaching back from now,
 * or custom dates. Messages translate under `common:errors.<key>` (spread into MESSAGES). The zod
 * validator of the filter lives in time-range.schemas.ts, so reading a preset does not load zod.
 */
import type { TimeRangeFilter } from './time-range.schemas';

export const TIME_RANGES = [
  'alltime',
  'last24hours',
  'last7days',
  'last30days',
  'last6months',
  'custom',
] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
/** A list shows everything until a range is chosen (the spec's map filter defaults to last24hours). */
export const DEFAULT_TIME_RANGE: TimeRange = 'alltime';

/** How far back each preset reaches, in hours (alltime has no bound; custom uses its dates). */
export const TIME_RANGE_HOURS: Record<Exclude<TimeRange, 'alltime' | 'custom'>, number> = {
  last24hours: 24,
  last7days: 7 * 24,
  last30days: 30 * 24,
  last6months: 183 * 24,
};

export const TIME_RANGE_MESSAGES = {
  timeRangeInvalid: `timeRange must be one of ${TIME_RANGES.join(', ')}`,
  customRangeRequired: 'Choose a start and an end date',
  dateRangeInvalid: 'End date cannot be before start date',
} as const;

/** What a list takes before parsing (REST passes strings; GraphQL an enum and dates). */
export interface TimeRangeInput {
  timeRange?: string | null;
  startDate?: Date | string | null;
  endDate?: Date | string | null;
}

/** The [from, to] window of a parsed filter at `now`; null bounds are open. */
export function timeWindow(
  filter: TimeRangeFilter,
  now: Date,
): { from: Date | null; to: Date | null } {
  const range = filter.timeRange ?? DEFAULT_TIME_RANGE;
  if (range === 'custom' || filter.startDate || filter.endDate)
    return { from: filter.startDate ?? null, to: filter.endDate ?? null };
  if (range === 'alltime') return { from: null, to: null };
  return { from: new Date(now.getTime() - TIME_RANGE_HOURS[range] * 3_600_000), to: null };
}
