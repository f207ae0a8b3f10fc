import { describe, expect, it } from 'vitest';
import { problems, solutions } from '../../server/src/db/schema';
import { keysetSorts } from '../../server/src/modules/posts/post-sort';

describe('keysetSorts', () => {
  const sortOf = keysetSorts(problems, {
    recent: 'createdAt',
    recentStatus: 'statusUpdatedAt',
    participants: 'totalParticipants',
  });

  it('pages a timestamp sort by date and a counter sort by count, from the column type', () => {
    expect(sortOf('recent')).toMatchObject({ column: problems.createdAt, kind: 'date' });
    expect(sortOf('recentStatus')).toMatchObject({
      column: problems.statusUpdatedAt,
      kind: 'date',
    });
    expect(sortOf('participants')).toMatchObject({
      column: problems.totalParticipants,
      kind: 'count',
    });
    expect(keysetSorts(solutions, { upvotes: 'totalUpvotes' })('upvotes').kind).toBe('count');
  });

  it("takes a row's cursor from the sorted field and the row id", () => {
    const createdAt = new Date('2026-01-02T03:04:05.000Z');
    const row = { id: 'p1', createdAt, totalParticipants: 7 } as typeof problems.$inferSelect;
    expect(sortOf('recent').cursorOf(row)).toEqual({ value: createdAt, id: 'p1' });
    expect(sortOf('participants').cursorOf(row)).toEqual({ value: 7, id: 'p1' });
  });
});
