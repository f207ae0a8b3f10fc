/** The zod validator of a list's time-range filter and its parsed type (presets: time-range.ts). */
import { z } from 'zod';
import { TIME_RANGE_MESSAGES, TIME_RANGES } from './time-range';

/** ISO 8601 with a six-digit year and a zone offset, the longest date text worth reading. */
const DATE_TEXT_MAX = 40;

/**
 * A point in time as GraphQL (a Date), REST (ISO text) or a client (epoch milliseconds) sends it.
 * Text is read only within DATE_TEXT_MAX: no longer text is a date, and the date parser would
 * otherwise read all of it.
 */
export const dateInputSchema = (message: string) =>
  z
    .union([z.date(), z.number(), z.string().max(DATE_TEXT_MAX, { message, abort: true })], {
      error: message,
    })
    .pipe(z.coerce.date({ error: message }));

const dateInput = dateInputSchema(TIME_RANGE_MESSAGES.dateRangeInvalid).nullish();

/** The fields of a time filter, for an input that holds one among others (a map's filters). */
export const timeRangeFields = {
  timeRange: z.enum(TIME_RANGES, { error: TIME_RANGE_MESSAGES.timeRangeInvalid }).nullish(),
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
