import { TIME_RANGES, type TimeRange as TimeRangeName } from '@rules';
import { enumOf } from './enum';

/** The time-range filter of the problems, solutions and stories lists (TIME_RANGES in @rules). */
export const TimeRange = enumOf(
  'TimeRange',
  TIME_RANGES,
  `How far back a list reaches: ${TIME_RANGES.join(', ')} (alltime when omitted); custom needs startDate and endDate, and startDate/endDate alone also give a window.`,
);
export type TimeRange = TimeRangeName;
