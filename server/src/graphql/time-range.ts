import { registerEnumType } from 'type-graphql';
import { TIME_RANGES, type TimeRange as TimeRangeName } from '@rules';

/** The time-range filter of the problems, solutions and stories lists (TIME_RANGES in @rules). */
export enum TimeRange {
  alltime = 'alltime',
  last24hours = 'last24hours',
  last7days = 'last7days',
  last30days = 'last30days',
  last6months = 'last6months',
  custom = 'custom',
}

// Fails to compile if the enum and the rules drift apart.
const sameNames: Record<TimeRangeName, TimeRange> = TimeRange;
void sameNames;

registerEnumType(TimeRange, {
  name: 'TimeRange',
  description: `How far back a list reaches: ${TIME_RANGES.join(', ')} (alltime when omitted); custom needs startDate and endDate, and startDate/endDate alone also give a window.`,
});
