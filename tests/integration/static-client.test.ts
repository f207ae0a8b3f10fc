import { request, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../e2e/browser';
import { startTestServerOn, type TestServer } from '../helpers/server';

/**
 * The built client as a browser receives it: precompressed copies chosen by Accept-Encoding,
 * cache headers by kind, HEAD, 404 for missing files, and security headers on every answer.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CHROMIUM_ACCEPTS = 'gzip, deflate, br, zstd';
/** Files smaller than this gain nothing from compression and are sent as they are. */
const COMPRESSED_FROM_BYTES = 1024;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire (not decompressed). */
  body: Buffer;
}

let server: TestServer;
/** The scripts and stylesheets index.html loads, as /assets/… paths. */
let firstVisitAssets: string[];
/** Those of them worth compressing. */
let compressibleAssets: string[];

/** One request with exactly the headers given (fetch would add Accept-Encoding and decompress). */
function raw(
  url: string,
  headers: Record<string, string> = {},
  { method = 'GET', body }: { method?: string; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(`${server.url}${url}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

beforeAll(async () => {
  ensureClientBuilt();
  server = await startTestServerOn(undefined, { CLIENT_DIST: path.join(ROOT, 'dist/client') });
  const index = (await raw('/')).body.toString('utf8');
  firstVisitAssets = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!,
  );
  compressibleAssets = [];
  for (const asset of firstVisitAssets)
    if ((await raw(asset)).body.length >= COMPRESSED_FROM_BYTES) compressibleAssets.push(asset);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('compression', () => {
  it('sends the brotli copy to a browser that accepts it, byte for byte the file', async () => {
    expect(compressibleAssets.length).toBeGreaterThan(1);
    for (const asset of compressibleAssets) {
      const plain = await raw(asset);
      const brotli = await raw(asset, { 'accept-encoding': CHROMIUM_ACCEPTS });
      expect(brotli.status, asset).toBe(200);
      expect(brotli.headers['content-encoding'], asset).toBe('br');
      expect(brotli.headers['content-type'], asset).toBe(plain.headers['content-type']);
      expect(brotli.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(Number(brotli.headers['content-length']), asset).toBe(brotli.body.length);
      expect(brotli.body.length, asset).toBeLessThan(plain.body.length);
      expect(brotliDecompressSync(brotli.body).equals(plain.body), asset).toBe(true);
    }
  });

  it('sends the gzip copy when gzip is all the browser accepts', async () => {
    for (const asset of compressibleAssets) {
      const plain = await raw(asset);
      const gzip = await raw(asset, { 'accept-encoding': 'gzip, deflate' });
      expect(gzip.headers['content-encoding'], asset).toBe('gzip');
      expect(gzip.headers['content-type'], asset).toBe(plain.headers['content-type']);
      expect(Number(gzip.headers['content-length']), asset).toBe(gzip.body.length);
      expect(gunzipSync(gzip.body).equals(plain.body), asset).toBe(true);
    }
  });

  it('follows the quality the browser gives each coding', async () => {
    const [asset] = compressibleAssets;
    const gzipPreferred = await raw(asset!, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
    const brotliRefused = await raw(asset!, { 'accept-encoding': 'br;q=0, *' });
    expect(brotliRefused.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is when no coding is accepted, and for a range', async () => {
    const [asset] = compressibleAssets;
    const notAccepting: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of notAccepting) {
      const answer = await raw(asset!, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    const whole = await raw(asset!);
    const range = await raw(asset!, { 'accept-encoding': CHROMIUM_ACCEPTS, range: 'bytes=0-99' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.equals(whole.body.subarray(0, 100))).toBe(true);
  });

  it('answers 304 to a browser that holds the same copy, a full answer for another copy', async () => {
    const [asset] = compressibleAssets;
    const brotli = await raw(asset!, { 'accept-encoding': CHROMIUM_ACCEPTS });
    expect(brotli.headers.etag).toBeTruthy();
    const again = await raw(asset!, {
      'accept-encoding': CHROMIUM_ACCEPTS,
      'if-none-match': brotli.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const gzip = await raw(asset!, {
      'accept-encoding': 'gzip',
      'if-none-match': brotli.headers.etag!,
    });
    expect(gzip.status).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('moves a first visit in under 30% of its bytes with brotli', async () => {
    const total = async (acceptEncoding?: string) => {
      let bytes = 0;
      for (const url of ['/', ...firstVisitAssets]) {
        const answer = await raw(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
        expect(answer.status, url).toBe(200);
        bytes += answer.body.length;
      }
      return bytes;
    };
    const [plain, brotli, gzip] = [
      await total(),
      await total(CHROMIUM_ACCEPTS),
      await total('gzip'),
    ];
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.info(
      `first visit (index.html + ${firstVisitAssets.length} scripts and stylesheets): ` +
        `${kb(plain)} as is, ${kb(brotli)} brotli, ${kb(gzip)} gzip`,
    );
    expect(brotli).toBeLessThan(plain * 0.3);
    expect(brotli).toBeLessThan(gzip);
  });
});

describe('caching', () => {
  it('lets browsers keep hashed assets for a year without asking again', async () => {
    for (const asset of firstVisitAssets) {
      const answer = await raw(asset, { 'accept-encoding': CHROMIUM_ACCEPTS });
      expect(answer.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has browsers revalidate the pages, which name the current assets', async () => {
    for (const page of ['/', '/index.html', '/stories/recent', '/graphiql']) {
      const answer = await raw(page);
      expect(answer.status, page).toBe(200);
      expect(answer.headers['content-type'], page).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], page).toBe('no-cache');
    }
  });
});

describe('client routes and files', () => {
  it('answers HEAD like GET, without the body', async () => {
    for (const page of ['/', '/stories/recent', '/graphiql']) {
      const get = await raw(page);
      const head = await raw(page, {}, { method: 'HEAD' });
      expect(head.status, page).toBe(200);
      expect(head.headers['content-type'], page).toBe(get.headers['content-type']);
      expect(head.headers['content-length'], page).toBe(String(get.body.length));
      expect(head.headers['cache-control'], page).toBe('no-cache');
      expect(head.body.length, page).toBe(0);
    }
  });

  it('answers 404 for a file that is not there, never the app page', async () => {
    for (const missing of [
      '/assets/main-00000000.js',
      '/assets/gone.css',
      '/assets/',
      '/favicon.ico',
    ]) {
      const answer = await raw(missing, { 'accept-encoding': CHROMIUM_ACCEPTS });
      expect(answer.status, missing).toBe(404);
      expect(answer.headers['content-type'], missing).not.toMatch(/html/);
      expect(answer.headers['cache-control'], missing).toBeUndefined();
    }
  });

  it('keeps the API its own 404s', async () => {
    const rest = await raw('/api/no-such-thing');
    expect(rest.status).toBe(404);
    expect(rest.headers['content-type']).toMatch(/^application\/json/);
    const post = await raw('/stories/recent', {}, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(post.headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves nothing outside the build', async () => {
    for (const escape of ['/..%2f..%2fpackage.json', '/assets/..%2f..%2f..%2fpackage.json']) {
      const answer = await raw(escape);
      expect(answer.body.toString('utf8'), escape).not.toContain('"name"');
    }
  });
});

describe('security headers', () => {
  const answers: Array<[string, () => Promise<Answer>]> = [
    ['the app page', () => raw('/')],
    ['a client route', () => raw('/stories/recent')],
    ['GraphiQL', () => raw('/graphiql')],
    ['a hashed asset', () => raw(firstVisitAssets[0]!, { 'accept-encoding': CHROMIUM_ACCEPTS })],
    ['a missing asset', () => raw('/assets/gone.js')],
    [
      'GraphQL',
      () =>
        raw(
          '/graphql',
          { 'content-type': 'application/json' },
          { method: 'POST', body: '{"query":"{ __typename }"}' },
        ),
    ],
    [
      'a GraphQL error',
      () => raw('/graphql', { 'content-type': 'application/json' }, { method: 'POST', body: '{' }),
    ],
    ['REST', () => raw('/api/list/v2?path=stories')],
    ['an API 404', () => raw('/api/no-such-thing')],
    ['the health check', () => raw('/healthz')],
  ];

  it.each(answers)('are on %s', async (_name, answer) => {
    const { headers } = await answer();
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('allow no script from elsewhere, nor inline script', async () => {
    const csp = String((await raw('/')).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSrc).toBe("'self'");
  });
});
