import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRows } from '../helpers/api-surface';
import { rest } from '../helpers/clients';
import { postStory, signUpVerified, type TestUser } from '../helpers/factories';
import { checkRestAnswer } from '../helpers/rest-contract';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The REST layer's OpenAPI 3.1 document (/api/openapi.json) and reference page (/api/docs): open
 * to all, a valid OpenAPI 3.1 document naming every row the router serves, and the contract every
 * REST test's answers are held to (helpers/rest-contract.ts).
 */

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { 'x-paths'?: { path: string }[] }>>;
}

let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpVerified(server, { displayName: 'Alice' });
});
afterAll(async () => {
  await server?.stop();
});

const openApi = async () => {
  const response = await fetch(`${server.url}/api/openapi.json`);
  return { response, document: (await response.json()) as Document };
};

describe('GET /api/openapi.json', () => {
  it('answers the document signed out, and it is valid OpenAPI 3.1', async () => {
    const { response, document } = await openApi();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/u);
    expect(document.openapi).toMatch(/^3\.1\./u);
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every row the REST router serves, and no row it does not', async () => {
    const { document } = await openApi();
    const served = restRows()
      .rows.map((row) => `${row.method} ${row.path.replace(/:(\w+)/gu, '{$1}')}`)
      .sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(documented).toEqual(served);
  });

  it('documents every collection /list/v2, /get/v2 and /add route to', async () => {
    const { document } = await openApi();
    const collections = new Set(
      ['/list/v2', '/get/v2', '/add'].flatMap((path) =>
        Object.values(document.paths[path] ?? {}).flatMap((operation) =>
          (operation['x-paths'] ?? []).map((variant) => variant.path.split('/')[0]),
        ),
      ),
    );
    for (const collection of restRows().collections) expect(collections).toContain(collection);
  });
});

describe('GET /api/docs', () => {
  it('is a page of every operation, signed out, with no script and nothing from another host', async () => {
    const response = await fetch(`${server.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/u);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    const page = await response.text();
    expect(page).not.toMatch(/<script/iu);
    expect(page).not.toMatch(/(?:src|href)="(?:https?:)?\/\//iu);
    const { document } = await openApi();
    for (const path of Object.keys(document.paths)) expect(page).toContain(`<code>${path}</code>`);
  });
});

describe('the REST answer contract', () => {
  it('passes a documented row whose answer has its documented shape', async () => {
    const story = await postStory(server, alice, 'A story for the contract #water');
    const answer = await rest(server.url, 'GET', `/api/get/v2?path=stories/${story.id}`);
    expect(answer.status).toBe(200);
    await expect(
      checkRestAnswer(
        server.url,
        'GET',
        `/api/get/v2?path=stories/${story.id}`,
        undefined,
        200,
        answer.body,
      ),
    ).resolves.toBeUndefined();
  });

  it('fails an answer that is not its row’s shape, naming the row and the JSON path', async () => {
    const story = await postStory(server, alice, 'Another story for the contract #water');
    const { body } = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${story.id}`,
    );
    const changed = { ...body, data: { ...body.data, bookmarked: 'yes', extra: 1 } };
    const check = checkRestAnswer(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${story.id}`,
      undefined,
      200,
      changed,
    );
    await expect(check).rejects.toThrow(/GET \/api\/get\/v2\?path=stories\/.* answered 200/u);
    await expect(check).rejects.toThrow(/\/data\/bookmarked must be boolean/u);
    await expect(check).rejects.toThrow(/must NOT have additional properties \(extra\)/u);
  });

  it('fails an answer from a row the document does not name', async () => {
    await expect(
      checkRestAnswer(server.url, 'GET', '/api/not-a-row', undefined, 200, { success: true }),
    ).rejects.toThrow(/no row GET \/not-a-row/u);
  });

  it('holds refusals to the one error envelope', async () => {
    const refused = await rest(server.url, 'POST', '/api/stories', { data: {} });
    expect(refused.status).toBe(401);
    await expect(
      checkRestAnswer(server.url, 'POST', '/api/stories', {}, 401, { success: false, error: 'no' }),
    ).rejects.toThrow(/not the documented error envelope/u);
  });
});
