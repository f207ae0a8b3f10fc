import { describe, expect, it } from 'vitest';
import { listVariables } from '../../client/src/features/stories/storyCache';
import { securityHeaders } from '../../server/src/security-headers';

/** What the story lists send for the location sort and the nearby filter. */
describe("a story list's variables", () => {
  const position = { lat: 17.385, lng: 78.4867 };

  it('sends the position with the location sort', () => {
    expect(listVariables('recent', 'in', { orderBy: 'location', position })).toEqual({
      list: 'recent',
      spaceId: 'in',
      first: expect.any(Number),
      orderBy: 'location',
      position,
    });
  });

  it('sends the position and nearby with the nearby filter, whatever the sort', () => {
    expect(
      listVariables('recent', 'in', { orderBy: 'reactions', distance: 'nearby', position }),
    ).toMatchObject({ orderBy: 'reactions', distance: 'nearby', position });
  });

  it('leaves the position and the default distance out otherwise, so the default list is the cached one', () => {
    expect(listVariables('recent', 'in', { distance: 'all', position })).toEqual(
      listVariables('recent', 'in'),
    );
  });
});

/** The Content-Security-Policy header `securityHeaders` sets. */
function policyOf(options: Parameters<typeof securityHeaders>[0]): string {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: () => undefined,
  };
  securityHeaders(options)({} as never, response as never, () => undefined);
  return headers.get('content-security-policy') ?? '';
}

describe('the Content-Security-Policy with map tiles', () => {
  it('allows the origin of TILE_URL for images and connections', () => {
    const policy = policyOf({ https: false, tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    expect(policy).toMatch(/connect-src 'self' https:\/\/tiles\.example\.org[;\s]/u);
    expect(policy).toMatch(/img-src [^;]*https:\/\/tiles\.example\.org/u);
  });

  it('allows connections to this origin only without TILE_URL', () => {
    expect(policyOf({ https: false })).toMatch(/connect-src 'self';/u);
  });
});
