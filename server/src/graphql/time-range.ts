import { TIME_RANGE_HOURS, TIME_RANGES, type TimeRange as TimeRangeName } from '@rules';
import { enumOf } from './enum';

/** The time-range filter of the problems, solutions and stories lists (TIME_RANGES in @rules). */
export const TimeRange = enumOf(
  'TimeRange',
  TIME_RANGES,
  'How far back a list reaches (alltime when omitted); startDate and endDate alone also give a window.',
  {
    alltime: 'Everything, however old (the default).',
    last24hours: `The last ${TIME_RANGE_HOURS.last24hours} hours.`,
    last7days: `The last ${TIME_RANGE_HOURS.last7days / 24} days.`,
    last30days: `The last ${TIME_RANGE_HOURS.last30days / 24} days.`,
    last6months: `The last six months (${TIME_RANGE_HOURS.last6months / 24} days).`,
    custom: 'From startDate to endDate, both required.',
  },
);
export type TimeRange = TimeRangeName;
