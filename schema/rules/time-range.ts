import { z } from 'zod';

/**
 * The time-range filter of lists (problems, solutions, stories): a preset reaching back from now,
 * or custom dates. Messages translate under `common:errors.<key>` (spread into MESSAGES).
 */
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
  customRangeRequired: 'Choose a start and an end date',
  dateRangeInvalid: 'End date cannot be before start date',
} as const;

const dateInput = z.coerce.date({ error: TIME_RANGE_MESSAGES.dateRangeInvalid }).nullish();

/**
 * A list's time filter: `custom` needs both dates; dates given without `custom` still make the
 * window (either bound may then be open); an end before the start is refused.
 */
export const timeRangeFilterSchema = z
  .object({
    timeRange: z.enum(TIME_RANGES).nullish(),
    startDate: dateInput,
    endDate: dateInput,
  })
  .superRefine((input, ctx) => {
    if (input.timeRange === 'custom' && (!input.startDate || !input.endDate))
      ctx.addIssue({
        code: 'custom',
        message: TIME_RANGE_MESSAGES.customRangeRequired,
        path: ['startDate'],
      });
    else if (input.startDate && input.endDate && input.endDate < input.startDate)
      ctx.addIssue({
        code: 'custom',
        message: TIME_RANGE_MESSAGES.dateRangeInvalid,
        path: ['endDate'],
      });
  });
export type TimeRangeFilter = z.output<typeof timeRangeFilterSchema>;
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
