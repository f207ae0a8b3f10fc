import { AI_KEY_MAX, AI_MESSAGES, RATE_LIMITS } from '@rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiConfigs } from '../../server/src/db/schema';
import {
  GEMINI_MODELS,
  GOOD_AI_KEY,
  GROQ_MODELS,
  startAiProvider,
  type TestAiProvider,
} from '../helpers/ai-provider';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import { createApiToken, signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let provider: TestAiProvider;
let server: TestServer;
let person: TestUser;
let stranger: TestUser;

const FIELDS = 'id name description provider model keyLast4 baseUrl isDefault createdAt updatedAt';
const LIST = `{ myAiConfigs { ${FIELDS} } }`;
const CREATE = `mutation($input: CreateAiConfigInput!) { createAiConfig(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateAiConfigInput!) {
  updateAiConfig(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteAiConfig(id: $id) }`;
const SET_DEFAULT = `mutation($id: ID!) { setDefaultAiConfig(id: $id) { id isDefault } }`;
const MODELS = `query($provider: AiProvider!, $apiKey: String, $configId: ID, $baseUrl: String) {
  aiModels(provider: $provider, apiKey: $apiKey, configId: $configId, baseUrl: $baseUrl) { id displayName } }`;

interface Config {
  id: string;
  name: string;
  provider: string;
  model: string;
  keyLast4: string;
  baseUrl: string | null;
  isDefault: boolean;
}

const newConfig = (overrides: Record<string, unknown> = {}) => ({
  provider: 'groq',
  apiKey: GOOD_AI_KEY,
  model: GROQ_MODELS[0],
  name: 'Groq for workshops',
  description: 'Identifies problems in our stories',
  ...overrides,
});

async function create(user: TestUser, overrides: Record<string, unknown> = {}) {
  const data = await gqlData<{ createAiConfig: Config }>(
    server.url,
    CREATE,
    { input: newConfig(overrides) },
    { token: user.token },
  );
  return data.createAiConfig;
}

async function list(user: TestUser) {
  return (await gqlData<{ myAiConfigs: Config[] }>(server.url, LIST, {}, { token: user.token }))
    .myAiConfigs;
}

const storedRow = async (id: string) =>
  (await server.deps.db.select().from(aiConfigs).where(eq(aiConfigs.id, id)))[0];

beforeAll(async () => {
  provider = await startAiProvider();
  server = await startTestServer({ ...provider.env, AI_REQUEST_TIMEOUT_MS: '2000' });
  person = await signUpVerified(server, { displayName: 'Key Keeper' });
  stranger = await signUpVerified(server, { displayName: 'Key Seeker' });
});
afterAll(async () => {
  await server?.stop();
  await provider?.stop();
});

describe('AI configs: signed out', () => {
  it('asks a signed-out visitor to sign in, over GraphQL and REST', async () => {
    expect((await gqlError(server.url, LIST)).code).toBe('UNAUTHENTICATED');
    expect(
      (await gqlError(server.url, MODELS, { provider: 'groq', apiKey: GOOD_AI_KEY })).code,
    ).toBe('UNAUTHENTICATED');
    expect((await gqlError(server.url, CREATE, { input: newConfig() })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await rest(server.url, 'GET', '/api/ai/keys')).status).toBe(401);
    expect(
      (
        await rest(server.url, 'POST', '/api/ai/models', {
          data: { provider: 'groq', apiKey: GOOD_AI_KEY },
        })
      ).status,
    ).toBe(401);
    expect(provider.requests).toHaveLength(0);
  });
});

describe('AI configs over GraphQL', () => {
  it('lists the models of a good key for groq, Gemini (without `models/`) and a self-hosted server', async () => {
    const asPerson = { token: person.token };
    const groq = await gqlData<{ aiModels: { id: string }[] }>(
      server.url,
      MODELS,
      { provider: 'groq', apiKey: GOOD_AI_KEY },
      asPerson,
    );
    expect(groq.aiModels.map((model) => model.id)).toEqual(GROQ_MODELS);
    const gemini = await gqlData<{ aiModels: { id: string; displayName: string }[] }>(
      server.url,
      MODELS,
      { provider: 'geminiai', apiKey: GOOD_AI_KEY },
      asPerson,
    );
    expect(gemini.aiModels).toEqual([
      { id: 'gemini-2.5-flash', displayName: 'Gemini 2.5 Flash' },
      { id: 'gemini-2.5-pro', displayName: 'Gemini 2.5 Pro' },
    ]);
    const selfHosted = await gqlData<{ aiModels: { id: string }[] }>(
      server.url,
      MODELS,
      { provider: 'openaicompatible', apiKey: GOOD_AI_KEY, baseUrl: provider.selfHostedUrl },
      asPerson,
    );
    expect(selfHosted.aiModels.map((model) => model.id)).toEqual(GROQ_MODELS);
    expect(provider.requests.at(-1)).toMatchObject({ path: '/selfhosted/v1/models' });
  });

  it('refuses a self-hosted address the operator did not list, asking it nothing', async () => {
    const asPerson = { token: person.token };
    const before = provider.requests.length;
    // The fake answers at this address too, but AI_SELF_HOSTED_URLS does not list it.
    const unlisted = `${provider.url}/openai/v1`;
    const refused = await gqlError(
      server.url,
      MODELS,
      { provider: 'openaicompatible', apiKey: GOOD_AI_KEY, baseUrl: unlisted },
      asPerson,
    );
    expect(refused).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'baseUrl',
      message: AI_MESSAGES.baseUrlNotAllowed,
    });
    const saving = await gqlError(
      server.url,
      CREATE,
      { input: newConfig({ provider: 'openaicompatible', baseUrl: unlisted }) },
      asPerson,
    );
    expect(saving).toMatchObject({ field: 'baseUrl', message: AI_MESSAGES.baseUrlNotAllowed });
    expect(provider.requests.length).toBe(before);
  });

  it(`answers a refused key with "${AI_MESSAGES.invalidKey}" for groq and Gemini`, async () => {
    const bad = 'gsk_wrong_key_0000000000';
    for (const name of ['groq', 'geminiai']) {
      const error = await gqlError(
        server.url,
        MODELS,
        { provider: name, apiKey: bad },
        { token: person.token },
      );
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: AI_MESSAGES.invalidKey });
      expect(JSON.stringify(error)).not.toContain(bad);
    }
  });

  it(`answers "${AI_MESSAGES.modelsFailed}" when the provider is down or unreachable`, async () => {
    // A hosted provider's failure is a 502 for the operator; a self-hosted one's, its address.
    provider.down(true);
    try {
      const error = await gqlError(
        server.url,
        MODELS,
        { provider: 'groq', apiKey: GOOD_AI_KEY },
        { token: person.token },
      );
      expect(error).toMatchObject({ code: 'BAD_GATEWAY', message: AI_MESSAGES.modelsFailed });
    } finally {
      provider.down(false);
    }
    const unreachable = await gqlError(
      server.url,
      MODELS,
      { provider: 'openaicompatible', apiKey: GOOD_AI_KEY, baseUrl: 'http://127.0.0.1:9/v1' },
      { token: person.token },
    );
    expect(unreachable).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'baseUrl',
      message: AI_MESSAGES.modelsFailed,
    });
  });

  it('saves a config with its key encrypted, shows only its last four, and makes the first the default', async () => {
    const created = await create(person);
    expect(created).toMatchObject({
      name: 'Groq for workshops',
      provider: 'groq',
      model: GROQ_MODELS[0],
      keyLast4: GOOD_AI_KEY.slice(-4),
      baseUrl: null,
      isDefault: true,
    });
    const listed = await gql(server.url, LIST, {}, { token: person.token });
    expect(JSON.stringify(listed.data)).not.toContain(GOOD_AI_KEY);
    expect(JSON.stringify(listed.data)).not.toContain(GOOD_AI_KEY.slice(0, -4));

    const row = await storedRow(created.id);
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain(GOOD_AI_KEY.slice(0, -4));
    expect(row?.keyIv).toBeTruthy();
    expect(row?.keyTag).toBeTruthy();
    // A fresh iv per key: the same key saved twice is stored differently.
    const again = await create(person, { name: 'Groq again' });
    const second = await storedRow(again.id);
    expect(second?.keyIv).not.toBe(row?.keyIv);
    expect(second?.keyCipher).not.toBe(row?.keyCipher);
    expect(again.isDefault).toBe(false);

    // The saved key checks out again through its id, never sent back.
    const models = await gqlData<{ aiModels: { id: string }[] }>(
      server.url,
      MODELS,
      { provider: 'groq', configId: created.id },
      { token: person.token },
    );
    expect(models.aiModels.map((model) => model.id)).toEqual(GROQ_MODELS);
    expect(provider.requests.at(-1)?.authorization).toBe(`Bearer ${GOOD_AI_KEY}`);
  });

  it('keeps one default at a time, and the newest left takes over when the default goes', async () => {
    const first = await create(person, { name: 'First' });
    const second = await create(person, { name: 'Second', isDefault: true });
    let configs = await list(person);
    expect(configs.filter((config) => config.isDefault).map((config) => config.id)).toEqual([
      second.id,
    ]);
    expect(configs[0]?.id).toBe(second.id);

    await gqlData(server.url, SET_DEFAULT, { id: first.id }, { token: person.token });
    configs = await list(person);
    expect(configs.filter((config) => config.isDefault).map((config) => config.id)).toEqual([
      first.id,
    ]);

    await gqlData(server.url, DELETE, { id: first.id }, { token: person.token });
    configs = await list(person);
    expect(configs.map((config) => config.id)).not.toContain(first.id);
    expect(configs.filter((config) => config.isDefault).map((config) => config.id)).toEqual([
      second.id,
    ]);
  });

  it('changes the model, name and description, while the key and provider stay', async () => {
    const config = await create(person, { name: 'To edit' });
    const before = await storedRow(config.id);
    const updated = await gqlData<{ updateAiConfig: Config }>(
      server.url,
      UPDATE,
      { id: config.id, input: { name: 'Edited', model: GROQ_MODELS[1] } },
      { token: person.token },
    );
    expect(updated.updateAiConfig).toMatchObject({
      name: 'Edited',
      model: GROQ_MODELS[1],
      provider: 'groq',
    });
    // GraphQL has no field for them; REST's extra fields are ignored.
    const refused = await gql(
      server.url,
      UPDATE,
      { id: config.id, input: { apiKey: 'gsk_another_key_123456' } },
      { token: person.token },
    );
    expect(refused.errors?.length).toBeTruthy();
    await rest(
      server.url,
      'PATCH',
      '/api/ai/keys',
      {
        apiKeyId: config.id,
        data: { apiKey: 'gsk_another_key_123456', provider: 'geminiai', name: 'Edited again' },
      },
      person.token,
    );
    const after = await storedRow(config.id);
    expect(after).toMatchObject({
      name: 'Edited again',
      provider: 'groq',
      keyCipher: before?.keyCipher,
      keyLast4: before?.keyLast4,
    });
  });

  it('shows, uses, changes and deletes nobody else’s config: each answers as missing', async () => {
    const mine = await create(person, { name: 'Private' });
    expect((await list(stranger)).map((config) => config.id)).not.toContain(mine.id);
    const asStranger = { token: stranger.token };
    for (const [query, variables] of [
      [MODELS, { provider: 'groq', configId: mine.id }],
      [UPDATE, { id: mine.id, input: { name: 'Taken' } }],
      [DELETE, { id: mine.id }],
      [SET_DEFAULT, { id: mine.id }],
    ] as const) {
      expect((await gqlError(server.url, query, variables, asStranger)).code).toBe('NOT_FOUND');
    }
    expect(
      (await rest(server.url, 'DELETE', `/api/ai/${mine.id}/keys`, undefined, stranger.token))
        .status,
    ).toBe(404);
    expect(await storedRow(mine.id)).toMatchObject({ name: 'Private' });
  });

  it('refuses a token: AI keys are managed from a signed-in session only', async () => {
    const apiToken = await createApiToken(server, person, {
      name: 'all',
      scopes: ['read', 'write', 'chat', 'notifications'],
    });
    const asToken = { token: apiToken.token };
    expect((await gql(server.url, LIST, {}, asToken)).status).toBe(403);
    expect((await gql(server.url, CREATE, { input: newConfig() }, asToken)).status).toBe(403);
    expect((await rest(server.url, 'GET', '/api/ai/keys', undefined, asToken.token)).status).toBe(
      403,
    );
  });
});

describe('checking keys is rate-limited', () => {
  it(`lets a person list models ${RATE_LIMITS.aiModels.max} times in its window, then refuses`, async () => {
    const prober = await signUpVerified(server, { displayName: 'Key Prober' });
    const variables = { provider: 'groq', apiKey: 'gsk_guess_key_000000000' };
    for (let tries = 0; tries < RATE_LIMITS.aiModels.max; tries += 1) {
      const error = await gqlError(server.url, MODELS, variables, { token: prober.token });
      expect(error.message).toBe(AI_MESSAGES.invalidKey);
    }
    const seen = provider.requests.length;
    expect((await gqlError(server.url, MODELS, variables, { token: prober.token })).code).toBe(
      'RATE_LIMITED',
    );
    // Refused before the provider was asked.
    expect(provider.requests).toHaveLength(seen);
  });
});

describe('AI config rules', () => {
  const refusal = async (overrides: Record<string, unknown>) =>
    gqlError(server.url, CREATE, { input: newConfig(overrides) }, { token: person.token });

  it.each([
    ['a blank key', { apiKey: '    ' }, AI_MESSAGES.keyRequired],
    ['a short key', { apiKey: 'abc' }, AI_MESSAGES.keyMin],
    ['a long key', { apiKey: 'k'.repeat(AI_KEY_MAX + 1) }, AI_MESSAGES.keyMax],
    ['a blank name', { name: '  ' }, AI_MESSAGES.nameRequired],
    ['a blank description', { description: ' ' }, AI_MESSAGES.descriptionRequired],
    ['a short description', { description: 'abc' }, AI_MESSAGES.descriptionMin],
    [
      'a self-hosted config without an address',
      { provider: 'openaicompatible' },
      AI_MESSAGES.baseUrlRequired,
    ],
    [
      'an address that is not http(s)',
      { provider: 'openaicompatible', baseUrl: 'file:///etc/passwd' },
      AI_MESSAGES.baseUrlInvalid,
    ],
  ])('refuses %s with its message', async (_what, overrides, message) => {
    expect(await refusal(overrides)).toMatchObject({ code: 'BAD_USER_INPUT', message });
  });

  it(`refuses a missing provider with "${AI_MESSAGES.providerRequired}" over REST`, async () => {
    const answer = await rest(
      server.url,
      'POST',
      '/api/ai/keys',
      { data: { ...newConfig(), provider: undefined } },
      person.token,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error?.message).toBe(AI_MESSAGES.providerRequired);
  });
});

describe('AI configs over REST (001 §7)', () => {
  it('creates, lists, checks, changes and deletes with the spec’s shapes, never the key', async () => {
    const created = await rest<{ data: Config }>(
      server.url,
      'POST',
      '/api/ai/keys',
      { data: newConfig({ provider: 'geminiai', model: 'gemini-2.5-flash', name: 'Gemini' }) },
      stranger.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ provider: 'geminiai', isDefault: true });
    const id = created.body.data.id;

    const listed = await rest<{ apiKeys: Config[] }>(
      server.url,
      'GET',
      '/api/ai/keys',
      undefined,
      stranger.token,
    );
    expect(listed.body.apiKeys.map((config) => config.id)).toEqual([id]);
    expect(JSON.stringify(listed.body)).not.toContain(GOOD_AI_KEY.slice(0, -4));

    const byKey = await rest<{ models: unknown[] }>(
      server.url,
      'POST',
      '/api/ai/models',
      { data: { provider: 'groq', apiKey: GOOD_AI_KEY } },
      stranger.token,
    );
    expect(byKey.body.models).toEqual(GROQ_MODELS.map((model) => ({ id: model })));
    const byId = await rest<{ models: unknown[] }>(
      server.url,
      'POST',
      '/api/ai/models',
      { data: { provider: 'geminiai', apiKeyId: id, iv: 'ignored' } },
      stranger.token,
    );
    expect(byId.body.models).toEqual(
      GEMINI_MODELS.map(({ name, displayName }) => ({
        name: name.replace('models/', ''),
        displayName,
      })),
    );
    const bad = await rest(
      server.url,
      'POST',
      '/api/ai/models',
      { data: { provider: 'groq', apiKey: 'gsk_wrong_key_0000000000' } },
      stranger.token,
    );
    expect(bad.body.error?.message).toBe(AI_MESSAGES.invalidKey);

    const patched = await rest(
      server.url,
      'PATCH',
      '/api/ai/keys',
      { apiKeyId: id, data: { description: 'For the garden group' } },
      stranger.token,
    );
    expect(patched.body).toEqual({ success: true });

    const deleted = await rest(
      server.url,
      'DELETE',
      `/api/ai/${id}/keys`,
      undefined,
      stranger.token,
    );
    expect(deleted.body).toEqual({ success: true });
    expect(await storedRow(id)).toBeUndefined();
  });
});

describe('account deletion', () => {
  it('deletes the person’s AI configs with the account', async () => {
    const leaver = await signUpVerified(server, { displayName: 'Leaving' });
    const config = await create(leaver);
    await gqlData(server.url, `mutation { deleteAccount }`, {}, { token: leaver.token });
    expect(await storedRow(config.id)).toBeUndefined();
  });
});
