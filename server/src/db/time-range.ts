import { and, gte, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { timeRangeFilterSchema, timeWindow, type TimeRangeInput } from '@rules';
import { parseInput } from '../errors';

/**
 * The where-condition of a list's time filter (range, or custom startDate/endDate) on a timestamp
 * column, or undefined for all time. Bad input is BAD_USER_INPUT with the rule's message.
 */
export function timeRangeCondition(
  column: AnyPgColumn,
  input: TimeRangeInput,
  now: Date = new Date(),
): SQL | undefined {
  const { from, to } = timeRangeBounds(input, now);
  return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
}

/** The bounds of a list's time filter, for prepared statements that take them as values. */
export const timeRangeBounds = (input: TimeRangeInput, now: Date = new Date()) =>
  timeWindow(parseInput(timeRangeFilterSchema, input), now);
