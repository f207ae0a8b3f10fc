/** The zod validator of a list's time-range filter and its parsed type (presets: time-range.ts). */
import { z } from 'zod';
import { TIME_RANGE_MESSAGES, TIME_RANGES } from './time-range';

const dateInput = z.coerce.date({ error: TIME_RANGE_MESSAGES.dateRangeInvalid }).nullish();

/** The fields of a time filter, for an input that holds one among others (a map's filters). */
export const timeRangeFields = {
  timeRange: z.enum(TIME_RANGES).nullish(),
  startDate: dateInput,
  endDate: dateInput,
};

/**
 * `custom` needs both dates; dates given without `custom` still make the window (either bound may
 * then be open); an end before the start is refused.
 */
export function checkTimeRange(
  input: { timeRange?: string | null; startDate?: Date | null; endDate?: Date | null },
  ctx: z.RefinementCtx,
) {
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
}

/** A list's time filter (see checkTimeRange). */
export const timeRangeFilterSchema = z.object(timeRangeFields).superRefine(checkTimeRange);
export type TimeRangeFilter = z.output<typeof timeRangeFilterSchema>;
