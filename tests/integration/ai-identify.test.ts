import { AI_MESSAGES, POST_MESSAGES, RATE_LIMITS } from '@rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage } from '../../server/src/db/schema';
import { monthOf } from '../../server/src/modules/ai/ai-usage.service';
import {
  GEMINI_MODELS,
  GOOD_AI_KEY,
  GROQ_MODELS,
  type TestAiProvider,
} from '../helpers/ai-provider';
import { startAiTestServer, type AiTestServer } from '../helpers/ai-server';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import {
  createApiToken,
  createAiConfig,
  createPrivateSpace,
  postProblem,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { type TestServer } from '../helpers/server';

let ai: AiTestServer;
let provider: TestAiProvider;
let server: TestServer;
let asha: TestUser;

const RESULT = `id kind problemId spaceId createdAt usage { inputTokens outputTokens }
  items { name description partType isPublished publishedId }`;
const IDENTIFY = `mutation($input: AiIdentifyInput!) { aiIdentify(input: $input) { ${RESULT} } }`;
const PUBLISH = `mutation($resultId: ID!, $name: String!) { publishAiResult(resultId: $resultId, name: $name) { ${RESULT} } }`;
const USAGE = `{ myAiUsage { month cap inputTokens outputTokens calls byConfig { configId name inputTokens outputTokens calls } } }`;
const AI_INFO = `query($id: ID!) { problem(id: $id) { id aiInfo { ${RESULT} } } }`;

interface Item {
  name: string;
  description: string;
  partType: string | null;
  isPublished: boolean;
  publishedId: string | null;
}
interface Result {
  id: string;
  kind: string;
  problemId: string | null;
  items: Item[];
  usage: { inputTokens: number; outputTokens: number };
}

const answer = (items: { name: string; description: string; type?: string }[]) => ({
  content: JSON.stringify({ items }),
});

async function identify(user: TestUser, input: Record<string, unknown>) {
  return (
    await gqlData<{ aiIdentify: Result }>(server.url, IDENTIFY, { input }, { token: user.token })
  ).aiIdentify;
}

const publish = async (user: TestUser, resultId: string, name: string) =>
  (
    await gqlData<{ publishAiResult: Result }>(
      server.url,
      PUBLISH,
      { resultId, name },
      { token: user.token },
    )
  ).publishAiResult;

beforeAll(async () => {
  ai = await startAiTestServer();
  ({ provider, server, person: asha } = ai);
});
afterAll(() => ai?.stop());

describe('AI helpers: who may run them', () => {
  it('asks a signed-out visitor to sign in, over GraphQL and REST, and asks the provider nothing', async () => {
    const before = provider.completions().length;
    const error = await gqlError(server.url, IDENTIFY, {
      input: { kind: 'problems', text: 'Wells' },
    });
    expect(error.code).toBe('UNAUTHENTICATED');
    const restAnswer = await rest(server.url, 'POST', '/api/ai/identify-problems', {
      prompt: 'Wells',
    });
    expect(restAnswer.status).toBe(401);
    expect(provider.completions().length).toBe(before);
  });

  it('asks someone without an AI config to add one first', async () => {
    const newcomer = await signUpVerified(server);
    const error = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'Our wells run dry in summer' } },
      { token: newcomer.token },
    );
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: AI_MESSAGES.noConfig });
  });

  it('refuses empty and overlong prompts before asking the provider', async () => {
    const before = provider.completions().length;
    const empty = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: '  ' } },
      { token: asha.token },
    );
    expect(empty).toMatchObject({ code: 'BAD_USER_INPUT', message: AI_MESSAGES.promptRequired });
    const long = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'x'.repeat(4001) } },
      { token: asha.token },
    );
    expect(long.message).toBe(AI_MESSAGES.promptMax);
    const parts = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'parts', text: 'Wells' } },
      { token: asha.token },
    );
    expect(parts.message).toBe(AI_MESSAGES.partsNeedProblem);
    expect(provider.completions().length).toBe(before);
  });

  it('uses only the person’s own configs: another’s answers as missing, and nothing is asked', async () => {
    const other = await signUpVerified(server);
    const othersConfig = await createAiConfig(server, other);
    const before = provider.completions().length;
    const error = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'Wells', configId: othersConfig } },
      { token: asha.token },
    );
    expect(error.code).toBe('NOT_FOUND');
    const overRest = await rest(
      server.url,
      'POST',
      '/api/ai/identify-problems',
      { prompt: 'Wells', apiKeyId: othersConfig },
      asha.token,
    );
    expect(overRest.status).toBe(404);
    expect(provider.completions().length).toBe(before);
  });

  it('refuses an app holding a token: the helpers spend the person’s own key', async () => {
    const apiToken = await createApiToken(server, asha);
    const error = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'Wells' } },
      { token: apiToken.token },
    );
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('AI helpers: identifying', () => {
  it('identifies problems from a text, unpublished, with the JSON schema asked for and the usage recorded', async () => {
    const before = provider.completions().length;
    provider.script(
      answer([
        { name: 'Dry wells', description: 'Wells run dry every summer.' },
        { name: 'Long walks for water', description: 'Families walk two hours a day.' },
        { name: 'dry wells', description: 'A repeat the app drops.' },
      ]),
    );
    const result = await identify(asha, { kind: 'problems', text: 'Our wells run dry in summer' });
    expect(result.kind).toBe('problems');
    expect(result.items).toEqual([
      {
        name: 'Dry wells',
        description: 'Wells run dry every summer.',
        partType: null,
        isPublished: false,
        publishedId: null,
      },
      {
        name: 'Long walks for water',
        description: 'Families walk two hours a day.',
        partType: null,
        isPublished: false,
        publishedId: null,
      },
    ]);
    expect(result.usage.inputTokens).toBeGreaterThan(0);

    const [sent] = provider.completions().slice(before);
    const body = sent!.body as {
      model: string;
      response_format: { type: string };
      messages: { content: string }[];
    };
    expect(sent!.authorization).toBe(`Bearer ${GOOD_AI_KEY}`);
    expect(body.model).toBe(GROQ_MODELS[0]);
    expect(body.response_format.type).toBe('json_schema');
    expect(JSON.stringify(body.messages)).toContain('Our wells run dry in summer');

    const { myAiUsage } = await gqlData<{
      myAiUsage: {
        month: string;
        cap: number;
        inputTokens: number;
        calls: number;
        byConfig: { name: string }[];
      };
    }>(server.url, USAGE, {}, { token: asha.token });
    expect(myAiUsage.month).toBe(monthOf(new Date()));
    expect(myAiUsage.cap).toBe(200_000);
    expect(myAiUsage.inputTokens).toBeGreaterThanOrEqual(result.usage.inputTokens);
    expect(myAiUsage.calls).toBeGreaterThanOrEqual(1);
    expect(myAiUsage.byConfig[0]!.name).toBe('Groq');
  });

  it('answers the spec’s REST shape: success, usage and the kind’s list', async () => {
    const answered = await rest<{
      success: boolean;
      usage: unknown;
      problems: Item[];
      resultId: string;
    }>(
      server.url,
      'POST',
      '/api/ai/identify-problems',
      { data: { prompt: 'Streetlights are broken on our road' } },
      asha.token,
    );
    expect(answered.status).toBe(200);
    expect(answered.body.success).toBe(true);
    expect(answered.body.problems).toHaveLength(2);
    expect(answered.body.problems[0]).toMatchObject({ isPublished: false });
  });

  it('asks a malformed answer once more, then says it could not be read; both tries are counted', async () => {
    const usageBefore = await gqlData<{ myAiUsage: { calls: number } }>(
      server.url,
      USAGE,
      {},
      { token: asha.token },
    );
    provider.script(
      { content: 'not json at all' },
      answer([{ name: 'Broken pump', description: 'The pump broke.' }]),
    );
    const retried = await identify(asha, { kind: 'problems', text: 'The pump broke' });
    expect(retried.items.map((item) => item.name)).toEqual(['Broken pump']);

    provider.script({ content: '{"items": "nope"}' }, { content: '{"oops": true}' });
    const error = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'The pump broke again' } },
      { token: asha.token },
    );
    expect(error).toMatchObject({ code: 'BAD_GATEWAY', message: AI_MESSAGES.answerUnreadable });
    const usageAfter = await gqlData<{ myAiUsage: { calls: number } }>(
      server.url,
      USAGE,
      {},
      { token: asha.token },
    );
    expect(usageAfter.myAiUsage.calls - usageBefore.myAiUsage.calls).toBe(4);
  });

  it('says a refused key, a busy provider and a failed one in the app’s words', async () => {
    provider.script({ status: 401 });
    const refused = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'Wells' } },
      { token: asha.token },
    );
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', message: AI_MESSAGES.invalidKey });
    provider.script({ status: 429 });
    const busy = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'Wells' } },
      { token: asha.token },
    );
    expect(busy).toMatchObject({ code: 'RATE_LIMITED', message: AI_MESSAGES.providerBusy });
    provider.script({ status: 500 });
    const failed = await rest(
      server.url,
      'POST',
      '/api/ai/identify-problems',
      { prompt: 'Wells' },
      asha.token,
    );
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      success: false,
      error: { message: AI_MESSAGES.providerFailed },
    });
  });

  it('works with a Gemini config through its structured output', async () => {
    const gemini = await signUpVerified(server);
    await createAiConfig(server, gemini, {
      provider: 'geminiai',
      model: GEMINI_MODELS[0]!.name.replace('models/', ''),
    });
    const before = provider.completions().length;
    const result = await identify(gemini, { kind: 'solutions', text: 'Our wells run dry' });
    expect(result.items).toHaveLength(2);
    const [sent] = provider.completions().slice(before);
    expect(sent!.path).toContain('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(JSON.stringify(sent!.body)).toContain('Our wells run dry');
  });
});

describe('AI helpers: privacy', () => {
  it('reads only problems the person may read, and sends nothing of a private space to the provider', async () => {
    const owner = await signUpVerified(server);
    const space = await createPrivateSpace(server, owner, { name: 'Quiet committee' });
    const secret = await postProblem(server, owner, 'Secret leak in the reservoir', {
      spaceId: space.id,
      description: '<p>Only the committee knows the reservoir leaks.</p>',
    });
    const before = provider.completions().length;
    const error = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'solutions', problemId: secret.id } },
      { token: asha.token },
    );
    expect(error.code).toBe('NOT_FOUND');
    const publishInto = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'Wells', spaceId: space.id } },
      { token: asha.token },
    );
    expect(publishInto.code).toBe('NOT_FOUND');
    expect(provider.sentSince(before)).not.toContain('reservoir');
    expect(provider.completions().length).toBe(before);
  });

  it('keeps a run on a problem as its aiInfo when its author ran it, shown to its readers; another reader’s run is theirs alone', async () => {
    const problem = await postProblem(server, asha, 'Dry wells in Kibera');
    provider.script(
      answer([
        { name: 'Families', description: 'Households that fetch water.', type: 'stakeholder' },
        { name: 'Borehole', description: 'The village borehole.', type: 'thing' },
      ]),
    );
    const own = await identify(asha, { kind: 'parts', problemId: problem.id });
    expect(own.items.map((item) => item.partType)).toEqual(['stakeholder', 'thing']);

    const reader = await signUpVerified(server);
    await createAiConfig(server, reader);
    await identify(reader, { kind: 'solutions', problemId: problem.id });
    const seen = await gqlData<{ problem: { aiInfo: Result | null } }>(
      server.url,
      AI_INFO,
      { id: problem.id },
      { token: reader.token },
    );
    expect(seen.problem.aiInfo).toMatchObject({ id: own.id, kind: 'parts' });
    const signedOut = await gqlData<{ problem: { aiInfo: Result | null } }>(server.url, AI_INFO, {
      id: problem.id,
    });
    expect(signedOut.problem.aiInfo?.id).toBe(own.id);
  });
});

describe('AI helpers: publishing', () => {
  it('publishes a problem through the normal service, once, and marks it published', async () => {
    provider.script(
      answer([
        { name: 'Flooded market road', description: 'The market road floods after every storm.' },
        { name: 'No', description: 'Too short a name for a problem.' },
      ]),
    );
    const result = await identify(asha, { kind: 'problems', text: 'The market road floods' });
    const published = await publish(asha, result.id, 'Flooded market road');
    const item = published.items.find((entry) => entry.name === 'Flooded market road')!;
    expect(item.isPublished).toBe(true);
    const { problem } = await gqlData<{
      problem: { name: string; description: string; author: { id: string } };
    }>(server.url, `query($id: ID!) { problem(id: $id) { name description author { id } } }`, {
      id: item.publishedId,
    });
    expect(problem).toMatchObject({ name: 'Flooded market road', author: { id: asha.id } });
    expect(problem.description).toContain('The market road floods after every storm.');

    const again = await gqlError(
      server.url,
      PUBLISH,
      { resultId: result.id, name: 'Flooded market road' },
      { token: asha.token },
    );
    expect(again).toMatchObject({ code: 'CONFLICT', message: AI_MESSAGES.alreadyPublished });

    // The problem service's own rule refuses a two-letter title; the item stays unpublished.
    const refused = await gqlError(
      server.url,
      PUBLISH,
      { resultId: result.id, name: 'No' },
      { token: asha.token },
    );
    expect(refused.code).toBe('BAD_USER_INPUT');
    expect(refused.message).toBe(POST_MESSAGES.titleMin);
    const after = await publish(asha, result.id, 'Flooded market road').catch(() => null);
    expect(after).toBeNull();
    const stranger = await signUpVerified(server);
    const notTheirs = await gqlError(
      server.url,
      PUBLISH,
      { resultId: result.id, name: 'No' },
      { token: stranger.token },
    );
    expect(notTheirs.code).toBe('NOT_FOUND');
  });

  it('publishes a part under the problem, and refuses outcomes (no such item yet)', async () => {
    const problem = await postProblem(server, asha, 'Unsafe crossing by the school');
    provider.script(
      answer([{ name: 'Parents', description: 'Walk children across.', type: 'stakeholder' }]),
    );
    const parts = await identify(asha, { kind: 'parts', problemId: problem.id });
    const published = await publish(asha, parts.id, 'Parents');
    const partId = published.items[0]!.publishedId;
    const { problemPart } = await gqlData<{ problemPart: { name: string; type: string } }>(
      server.url,
      `query($problemId: ID!, $partId: ID!) { problemPart(problemId: $problemId, partId: $partId) { name type } }`,
      { problemId: problem.id, partId },
      { token: asha.token },
    );
    expect(problemPart).toEqual({ name: 'Parents', type: 'stakeholder' });

    const outcomes = await identify(asha, { kind: 'outcomes', problemId: problem.id });
    const error = await gqlError(
      server.url,
      PUBLISH,
      { resultId: outcomes.id, name: outcomes.items[0]!.name },
      { token: asha.token },
    );
    expect(error.message).toBe(AI_MESSAGES.notPublishable);
  });
});

describe('AI helpers: the monthly cap', () => {
  it('refuses calls once the month’s tokens are spent, saying when it renews, and asks the provider nothing', async () => {
    const spender = await signUpVerified(server);
    const configId = await createAiConfig(server, spender);
    await server.deps.db.insert(aiUsage).values({
      userId: spender.id,
      configId,
      month: monthOf(new Date()),
      inputTokens: 150_000,
      outputTokens: 50_000,
      calls: 40,
    });
    const before = provider.completions().length;
    const response = await gql(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'Wells' } },
      { token: spender.token },
    );
    const error = response.errors?.[0];
    expect(error).toMatchObject({
      message: AI_MESSAGES.capReached,
      extensions: { code: 'RATE_LIMITED' },
    });
    const overRest = await rest(
      server.url,
      'POST',
      '/api/ai/identify-problems',
      { prompt: 'Wells' },
      spender.token,
    );
    expect(overRest.status).toBe(429);
    expect(Number(overRest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(provider.completions().length).toBe(before);
    // Deleting the config does not forgive what it spent.
    await gqlData(
      server.url,
      `mutation($id: ID!) { deleteAiConfig(id: $id) }`,
      { id: configId },
      { token: spender.token },
    );
    const rows = await server.deps.db.select().from(aiUsage).where(eq(aiUsage.userId, spender.id));
    expect(rows).toHaveLength(1);
  });
});

describe('AI helpers: the per-person rate', () => {
  it('refuses a 31st call within ten minutes, before the provider is asked', async () => {
    const busy = await signUpVerified(server);
    await createAiConfig(server, busy);
    for (let i = 0; i < RATE_LIMITS.aiCall.max; i++)
      await identify(busy, { kind: 'problems', text: `Wells, take ${i}` });
    const before = provider.completions().length;
    const error = await gqlError(
      server.url,
      IDENTIFY,
      { input: { kind: 'problems', text: 'Wells, once more' } },
      { token: busy.token },
    );
    expect(error.code).toBe('RATE_LIMITED');
    expect(provider.completions().length).toBe(before);
  });
});
