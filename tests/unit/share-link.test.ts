import {
  decodeSharePayload,
  encodeSharePayload,
  SHARE_PARAM,
  shareLink,
  shareTargetOf,
  type SharePayload,
  type ShareTarget,
} from '@rules';
import { describe, expect, it } from 'vitest';

const PRIVATE_TELUGU: SharePayload = {
  path: 'stories/abc',
  spaceId: 'sp_123',
  spaceCode: null,
  spaceName: 'నీటి సంఘం / Water + friends?',
  isPrivate: true,
};

describe('share links', () => {
  it('round-trips the payload, Telugu names and URL-special characters included', () => {
    const encoded = encodeSharePayload(PRIVATE_TELUGU);
    expect(encoded).toMatch(/^[\w-]+$/);
    expect(decodeSharePayload(encoded)).toEqual(PRIVATE_TELUGU);
    const country = { ...PRIVATE_TELUGU, spaceId: 'in', spaceCode: 'in', isPrivate: false };
    expect(decodeSharePayload(encodeSharePayload(country))).toEqual(country);
  });

  it('builds the route of every share target of the spec, with its path', () => {
    const cases: [ShareTarget, string, string][] = [
      [{ kind: 'problem', id: 'p1' }, '/problem/p1/info', 'problems/p1'],
      [{ kind: 'story', id: 's1' }, '/story/s1', 'stories/s1'],
      [{ kind: 'solution', id: 'so1' }, '/solution/so1/info', 'solutions/so1'],
      [
        { kind: 'problemSolution', problemId: 'p1', id: 'so1' },
        '/problem/p1/solutions/so1/info',
        'problems/p1/solutions/so1',
      ],
      [{ kind: 'skill', id: 'k1' }, '/skill/k1/info', 'skills/k1'],
      [{ kind: 'person', id: 'u1' }, '/network/u1/info', 'users/u1'],
      [{ kind: 'space', id: 'in' }, '/space/in/info', 'spaces/in'],
      [
        { kind: 'tag', id: 'నీరు' },
        `/tags/${encodeURIComponent('నీరు')}/info`,
        `tags/${encodeURIComponent('నీరు')}`,
      ],
      [
        { kind: 'recipe', problemId: 'p1', id: 'r1' },
        '/problem/p1/recipes/r1',
        'problems/p1/recipes/r1',
      ],
      [{ kind: 'spacemap', id: 'm1' }, '/spacemaps/2d/m1', 'spacemaps/m1'],
    ];
    for (const [target, route, path] of cases) {
      expect(shareTargetOf(target), target.kind).toEqual({ route, path });
    }
  });

  it('puts the encoded payload in the url parameter of the route', () => {
    const space = { spaceId: 'ww', spaceCode: 'ww', spaceName: 'Global', isPrivate: false };
    const link = new URL(shareLink('https://bumps.test', { kind: 'story', id: 's1' }, space));
    expect(link.origin + link.pathname).toBe('https://bumps.test/story/s1');
    expect(decodeSharePayload(link.searchParams.get(SHARE_PARAM))).toEqual({
      path: 'stories/s1',
      ...space,
    });
  });

  it('ignores payloads that are missing, malformed, oversized or of the wrong shape', () => {
    const encodeJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      null,
      undefined,
      '',
      'not base64!',
      '%%%',
      Buffer.from('not json').toString('base64url'),
      encodeJson(['stories/abc']),
      encodeJson({ ...PRIVATE_TELUGU, isPrivate: 'yes' }),
      encodeJson({ ...PRIVATE_TELUGU, spaceId: '' }),
      encodeJson({ path: 'stories/abc' }),
      encodeJson({ ...PRIVATE_TELUGU, spaceName: 'x'.repeat(151) }),
      'a'.repeat(2001),
      Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url'),
    ];
    for (const raw of bad) expect(decodeSharePayload(raw), String(raw).slice(0, 40)).toBeNull();
  });
});
