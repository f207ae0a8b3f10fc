import { describe, expect, it } from 'vitest';
import { TIME_RANGE_MESSAGES, timeRangeFilterSchema, timeWindow } from '@rules';

const now = new Date('2026-06-01T12:00:00.000Z');
const window = (input: Record<string, unknown>) =>
  timeWindow(timeRangeFilterSchema.parse(input), now);
const issue = (input: Record<string, unknown>) => {
  const parsed = timeRangeFilterSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the time-range filter of lists', () => {
  it('shows all time when no range is chosen', () => {
    expect(window({})).toEqual({ from: null, to: null });
    expect(window({ timeRange: 'alltime' })).toEqual({ from: null, to: null });
  });

  it('reaches back from now for the presets', () => {
    expect(window({ timeRange: 'last24hours' }).from).toEqual(new Date('2026-05-31T12:00:00.000Z'));
    expect(window({ timeRange: 'last7days' }).from).toEqual(new Date('2026-05-25T12:00:00.000Z'));
    expect(window({ timeRange: 'last30days' }).from).toEqual(new Date('2026-05-02T12:00:00.000Z'));
    expect(window({ timeRange: 'last6months' }).to).toBeNull();
  });

  it('takes custom dates, and dates given without a range as a window too', () => {
    const startDate = '2026-01-01T00:00:00.000Z';
    const endDate = '2026-02-01T00:00:00.000Z';
    expect(window({ timeRange: 'custom', startDate, endDate })).toEqual({
      from: new Date(startDate),
      to: new Date(endDate),
    });
    expect(window({ startDate })).toEqual({ from: new Date(startDate), to: null });
  });

  it('asks a custom range for both dates and refuses an end before the start', () => {
    expect(issue({ timeRange: 'custom', startDate: '2026-01-01' })).toBe(
      TIME_RANGE_MESSAGES.customRangeRequired,
    );
    expect(issue({ startDate: '2026-02-01', endDate: '2026-01-01' })).toBe(
      TIME_RANGE_MESSAGES.dateRangeInvalid,
    );
    expect(issue({ timeRange: 'lastcentury' })).not.toBeNull();
  });
});
