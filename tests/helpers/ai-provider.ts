import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local AI provider for tests (127.0.0.1, a random port) speaking the two APIs the app lists
 * models with: groq's OpenAI-compatible `GET /openai/v1/models` (Bearer key; models carry `id`),
 * the same for a self-hosted server at `/selfhosted/v1/models`, and Gemini's
 * `GET /v1beta/models?key=` (models carry `name` with a `models/` prefix and `displayName`).
 * `GOOD_AI_KEY` is the one key it takes: others get groq's 401 or Gemini's 400 API_KEY_INVALID.
 * `down()` makes every call answer 503, and `requests` keeps what it was asked.
 */
export const GOOD_AI_KEY = 'gsk_test_good_key_0123456789abcd';
export const GROQ_MODELS = ['llama-3.3-70b-versatile', 'openai/gpt-oss-20b'];
const GENERATES = ['generateContent', 'countTokens'];
export const GEMINI_MODELS = [
  {
    name: 'models/gemini-2.5-flash',
    displayName: 'Gemini 2.5 Flash',
    supportedGenerationMethods: GENERATES,
  },
  {
    name: 'models/gemini-2.5-pro',
    displayName: 'Gemini 2.5 Pro',
    supportedGenerationMethods: GENERATES,
  },
];
/** Listed by Gemini too, but it cannot answer a prompt: the app leaves it out. */
const GEMINI_EMBEDDING = {
  name: 'models/text-embedding-004',
  displayName: 'Text Embedding 004',
  supportedGenerationMethods: ['embedContent'],
};

export interface SeenRequest {
  path: string;
  authorization: string | undefined;
}

export interface TestAiProvider {
  url: string;
  /** The variables that point a server at this provider. */
  env: NodeJS.ProcessEnv;
  /** The address to give an openaicompatible config. */
  selfHostedUrl: string;
  requests: SeenRequest[];
  down(isDown: boolean): void;
  stop(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

function answer(req: IncomingMessage, isDown: boolean) {
  const url = new URL(req.url ?? '/', 'http://provider');
  if (isDown) return json(503, { error: { message: 'Service Unavailable' } });
  if (url.pathname === '/openai/v1/models' || url.pathname === '/selfhosted/v1/models') {
    if (req.headers.authorization !== `Bearer ${GOOD_AI_KEY}`)
      return json(401, {
        error: {
          message: 'Invalid API Key',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    return json(200, {
      object: 'list',
      data: GROQ_MODELS.map((id) => ({ id, object: 'model', created: 1, owned_by: 'test' })),
    });
  }
  if (url.pathname === '/v1beta/models') {
    if (url.searchParams.get('key') !== GOOD_AI_KEY)
      return json(400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [{ reason: 'API_KEY_INVALID' }],
        },
      });
    return json(200, { models: [...GEMINI_MODELS, GEMINI_EMBEDDING] });
  }
  return json(404, { error: { message: 'Not found' } });
}

export async function startAiProvider(): Promise<TestAiProvider> {
  const requests: SeenRequest[] = [];
  let isDown = false;
  const server: Server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const { status, body } = answer(req, isDown);
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: {
      GROQ_BASE_URL: `${url}/openai/v1`,
      GEMINI_BASE_URL: `${url}/v1beta`,
      // The fake's self-hosted server, and a port where nothing answers.
      AI_SELF_HOSTED_URLS: `${url}/selfhosted/v1,http://127.0.0.1:9`,
    },
    selfHostedUrl: `${url}/selfhosted/v1`,
    requests,
    down(value) {
      isDown = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
