import { describe, expect, it } from 'vitest';
import { parseCommentsPath, parseItemPath } from '../../server/src/modules/posts/post-path';

const refusedAsMissing = (parse: () => unknown) =>
  expect(parse).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));

describe('parseItemPath', () => {
  it.each([
    ['stories/s1', { type: 'stories', id: 's1' }],
    ['problems/p1', { type: 'problems', id: 'p1' }],
    ['solutions/x1', { type: 'solutions', id: 'x1' }],
    ['skills/k1', { type: 'skills', id: 'k1' }],
    ['/stories/s1/', { type: 'stories', id: 's1' }],
  ])('names the post of %s', (path, expected) => {
    expect(parseItemPath(path)).toEqual(expected);
  });

  it('names the solution of problems/{pid}/solutions/{sid}, as shown under its problem', () => {
    expect(parseItemPath('problems/p1/solutions/x1')).toEqual({ type: 'solutions', id: 'x1' });
  });

  it.each([
    ['stories/s1/comments/c1', 'c1'],
    ['problems/p1/comments/c2', 'c2'],
    ['problems/p1/solutions/x1/comments/c3', 'c3'],
    ['skills/k1/comments/c4', 'c4'],
  ])('names the comment of %s', (path, id) => {
    expect(parseItemPath(path)).toEqual({ type: 'comments', id });
  });

  it.each([
    ['stories/s1/comments/c1/replies/r1', 'r1'],
    ['solutions/x1/comments/c1/replies/r2', 'r2'],
  ])('names the reply of %s', (path, id) => {
    expect(parseItemPath(path)).toEqual({ type: 'comments', id });
  });

  it.each([
    [''],
    ['stories'],
    ['stories/'],
    ['users/u1'],
    ['comments'],
    ['stories/s1/likes/l1'],
    ['stories/s1/solutions/x1'],
    ['problems/p1/solutions'],
    ['problems/p1/solutions/x1/extra'],
    ['stories/s1/comments'],
    ['stories/s1/comments/c1/replies'],
    ['stories/s1/comments/c1/answers/r1'],
    ['stories/s1/comments/c1/replies/r1/more'],
  ])('refuses %j as missing (NOT_FOUND)', (path) => {
    refusedAsMissing(() => parseItemPath(path));
  });

  it.each([[undefined], [null], [42], [{ path: 'stories/s1' }]])(
    'refuses a path that is not a string (%j) as missing',
    (path) => {
      refusedAsMissing(() => parseItemPath(path));
    },
  );
});

describe('parseCommentsPath', () => {
  it.each([
    ['stories/s1/comments', { type: 'stories', id: 's1' }],
    ['problems/p1/comments', { type: 'problems', id: 'p1' }],
    ['solutions/x1/comments', { type: 'solutions', id: 'x1' }],
    ['problems/p1/solutions/x1/comments', { type: 'solutions', id: 'x1' }],
    ['skills/k1/comments', { type: 'skills', id: 'k1' }],
  ])('names the thread of %s', (path, post) => {
    expect(parseCommentsPath(path)).toEqual({ post, parentId: null });
  });

  it('names the replies of stories/{id}/comments/{cid}/replies', () => {
    expect(parseCommentsPath('stories/s1/comments/c1/replies')).toEqual({
      post: { type: 'stories', id: 's1' },
      parentId: 'c1',
    });
  });

  it.each([
    [''],
    ['stories/s1'],
    ['comments'],
    ['users/u1/comments'],
    ['stories/comments'],
    ['stories/s1/comments/c1'],
    ['stories/s1/comments/c1/answers'],
    ['stories/s1/comments/c1/replies/r1'],
    [undefined],
    [7],
  ])('refuses %j as missing (NOT_FOUND)', (path) => {
    refusedAsMissing(() => parseCommentsPath(path));
  });
});
