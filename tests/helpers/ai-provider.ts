import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local AI provider for tests (127.0.0.1, a random port) speaking the APIs the app uses:
 * - groq's OpenAI-compatible API under `/openai/v1` (and the same for a self-hosted server under
 *   `/selfhosted/v1`): `GET /models` (Bearer key; models carry `id`) and `POST
 *   /chat/completions`, plain, with `response_format: json_schema`, or streamed (`stream: true`,
 *   server-sent chunks, usage in the last one), and `POST /audio/transcriptions` (Whisper's
 *   multipart `file` and `model`, answered as groq's verbose_json: two segments made from the
 *   file's length, a WAV's from its header; or the scripted `content`, sent as it is);
 * - Gemini's API under `/v1beta`: `GET /models?key=` (models carry `name` with a `models/` prefix
 *   and `displayName`), `POST /models/{model}:generateContent` and `:streamGenerateContent?alt=sse`
 *   (key in `x-goog-api-key`; structured output through `generationConfig.responseSchema`).
 * `GOOD_AI_KEY` is the one key it takes: others get groq's 401 or Gemini's 400 API_KEY_INVALID.
 *
 * A completion answers the next scripted reply (`script`), else a default: for a structured
 * request, a value built from the JSON schema asked for (two items per array, strings naming
 * their field); for plain text, an echo of the last message's opening. `requests` keeps what it
 * was asked, bodies included, so a test can inspect what reached the provider.
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
  /** A POST's JSON body. */
  body?: unknown;
  /** A multipart POST's fields, and its file's bytes (transcriptions). */
  form?: Record<string, string>;
  file?: { name: string; contentType: string; bytes: Buffer };
}

/** One scripted answer to a completion. */
export interface ScriptedReply {
  /** The text the model answers (for a structured request, its JSON). */
  content?: string;
  /** Answer this HTTP status with a provider-shaped error instead (401, 429, 500…). */
  status?: number;
  /** Streamed answers: the pause before each chunk (a slow stream). */
  chunkDelayMs?: number;
  /** Streamed answers: the characters per chunk (default one word). */
  chunkSize?: number;
}

export interface TestAiProvider {
  url: string;
  /** The variables that point a server at this provider. */
  env: NodeJS.ProcessEnv;
  /** The address to give an openaicompatible config. */
  selfHostedUrl: string;
  requests: SeenRequest[];
  /** Queues answers for the next completions, in order. */
  script(...replies: ScriptedReply[]): void;
  /** The completion requests only (chat and Gemini's generate calls), bodies included. */
  completions(): SeenRequest[];
  /** The text of every completion request received after the first `from` (to search for words sent). */
  sentSince(from: number): string;
  /** The transcription requests only, with their fields and file. */
  transcriptions(): SeenRequest[];
  down(isDown: boolean): void;
  stop(): Promise<void>;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minItems?: number;
};

/** A value satisfying a (simple) JSON schema: what a well-behaved model would answer. */
export function sampleOf(schema: JsonSchema, name = 'value', index = 1): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sampleOf(schema.anyOf[0]!, name, index);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const kind = type?.toLowerCase();
  if (kind === 'object' || schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [
        key,
        sampleOf(value, key, index),
      ]),
    );
  if (kind === 'array')
    return Array.from({ length: Math.max(2, schema.minItems ?? 0) }, (_, i) =>
      sampleOf(schema.items ?? {}, name, i + 1),
    );
  if (kind === 'number') return 0.5;
  if (kind === 'integer') return index;
  if (kind === 'boolean') return false;
  return `Fake ${name} ${index}`;
}

const errorBody = (status: number) =>
  status === 401
    ? {
        error: {
          message: 'Invalid API Key',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      }
    : status === 429
      ? { error: { message: 'Rate limit reached', type: 'tokens', code: 'rate_limit_exceeded' } }
      : { error: { message: 'Internal Server Error', type: 'internal_error' } };

const geminiKeyError = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [{ reason: 'API_KEY_INVALID' }],
  },
};

const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chunksOf(text: string, size?: number): string[] {
  if (size)
    return Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
      text.slice(i * size, (i + 1) * size),
    );
  return text.match(/\S+\s*|\s+/gu) ?? [text];
}

interface Completion {
  /** Who asked: groq's chat API or Gemini's. */
  api: 'openai' | 'gemini';
  stream: boolean;
  /** The JSON schema of a structured request. */
  schema: JsonSchema | undefined;
  /** The last message's text, for the default echo. */
  lastText: string;
  promptTokens: number;
  model: string;
}

function completionOf(path: string, body: Record<string, unknown>, raw: string): Completion {
  if (path.startsWith('/v1beta/')) {
    const contents = (body.contents as { parts?: { text?: string }[] }[] | undefined) ?? [];
    const config = body.generationConfig as
      { responseSchema?: JsonSchema; responseJsonSchema?: JsonSchema } | undefined;
    return {
      api: 'gemini',
      stream: path.includes(':streamGenerateContent'),
      schema: config?.responseJsonSchema ?? config?.responseSchema,
      lastText:
        contents
          .at(-1)
          ?.parts?.map((part) => part.text ?? '')
          .join('') ?? '',
      promptTokens: tokensOf(raw),
      model: /models\/([^:]+)/u.exec(path)?.[1] ?? 'gemini',
    };
  }
  const messages = (body.messages as { content?: unknown }[] | undefined) ?? [];
  const format = body.response_format as { json_schema?: { schema?: JsonSchema } } | undefined;
  const last = messages.at(-1)?.content;
  return {
    api: 'openai',
    stream: body.stream === true,
    schema: format?.json_schema?.schema,
    lastText: typeof last === 'string' ? last : JSON.stringify(last ?? ''),
    promptTokens: tokensOf(raw),
    model: String(body.model ?? 'model'),
  };
}

async function answerCompletion(
  res: ServerResponse,
  completion: Completion,
  reply: ScriptedReply | undefined,
) {
  if (reply?.status) {
    res
      .writeHead(reply.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(errorBody(reply.status)));
    return;
  }
  const content =
    reply?.content ??
    (completion.schema
      ? JSON.stringify(sampleOf(completion.schema))
      : `Fake answer to: ${completion.lastText.slice(0, 60)}`);
  const usage = { prompt: completion.promptTokens, completion: tokensOf(content) };
  const created = Math.floor(Date.now() / 1000);
  if (!completion.stream) {
    const body =
      completion.api === 'gemini'
        ? {
            candidates: [
              {
                content: { parts: [{ text: content }], role: 'model' },
                finishReason: 'STOP',
                index: 0,
              },
            ],
            usageMetadata: {
              promptTokenCount: usage.prompt,
              candidatesTokenCount: usage.completion,
              totalTokenCount: usage.prompt + usage.completion,
            },
          }
        : {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created,
            model: completion.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: {
              prompt_tokens: usage.prompt,
              completion_tokens: usage.completion,
              total_tokens: usage.prompt + usage.completion,
            },
          };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunks = chunksOf(content, reply?.chunkSize);
  for (const [i, text] of chunks.entries()) {
    if (reply?.chunkDelayMs) await sleep(reply.chunkDelayMs);
    if (res.destroyed) return;
    const last = i === chunks.length - 1;
    if (completion.api === 'gemini')
      send({
        candidates: [
          {
            content: { parts: [{ text }], role: 'model' },
            index: 0,
            ...(last ? { finishReason: 'STOP' } : {}),
          },
        ],
        ...(last
          ? {
              usageMetadata: {
                promptTokenCount: usage.prompt,
                candidatesTokenCount: usage.completion,
                totalTokenCount: usage.prompt + usage.completion,
              },
            }
          : {}),
      });
    else
      send({
        id: 'chatcmpl-fake',
        object: 'chat.completion.chunk',
        created,
        model: completion.model,
        choices: [{ index: 0, delta: { content: text }, finish_reason: null }],
      });
  }
  if (completion.api === 'openai') {
    send({
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created,
      model: completion.model,
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: usage.prompt,
        completion_tokens: usage.completion,
        total_tokens: usage.prompt + usage.completion,
      },
      x_groq: {
        usage: {
          prompt_tokens: usage.prompt,
          completion_tokens: usage.completion,
          total_tokens: usage.prompt + usage.completion,
        },
      },
    });
    res.write('data: [DONE]\n\n');
  }
  res.end();
}

const OPENAI_BASES = ['/openai/v1', '/selfhosted/v1'];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A multipart/form-data body's text fields and its (one) file, as far as the fake needs. */
function parseMultipart(contentType: string | undefined, body: Buffer) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/u.exec(contentType ?? '');
  const form: Record<string, string> = {};
  let file: SeenRequest['file'];
  if (!boundary) return { form, file };
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    // Each part: CRLF, headers, a blank line, the content, CRLF before the next delimiter.
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/u.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/u.exec(headers)?.[1];
    if (filename !== undefined)
      file = {
        name: filename,
        contentType: /content-type:\s*([^\r\n]+)/iu.exec(headers)?.[1] ?? '',
        bytes: Buffer.from(content),
      };
    else form[name] = content.toString('utf8');
    start = next;
  }
  return { form, file };
}

/** Seconds of audio: a WAV's from its header (data bytes over bytes per second), else 16 kB/s. */
function secondsOf(bytes: Buffer): number {
  if (bytes.length > 44 && bytes.toString('ascii', 0, 4) === 'RIFF') {
    const perSecond = bytes.readUInt32LE(28);
    if (perSecond > 0) return (bytes.length - 44) / perSecond;
  }
  return bytes.length / 16_000;
}

/** Groq's verbose_json for a file: two segments splitting its length, naming its size. */
function verboseJsonOf(bytes: Buffer) {
  const duration = Math.round(secondsOf(bytes) * 100) / 100;
  const texts = [` Fake transcript of ${bytes.length} bytes, part one.`, ' And part two.'];
  const ends = [Math.round((duration / 2) * 100) / 100, duration];
  return {
    task: 'transcribe',
    language: 'English',
    duration,
    text: texts.join(''),
    segments: texts.map((text, id) => ({
      id,
      seek: 0,
      start: id === 0 ? 0 : ends[0],
      end: ends[id],
      text,
      tokens: [1, 2, 3],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.1,
      no_speech_prob: 0.01,
    })),
    x_groq: { id: 'req_fake' },
  };
}

export async function startAiProvider(): Promise<TestAiProvider> {
  const requests: SeenRequest[] = [];
  const replies: ScriptedReply[] = [];
  let isDown = false;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://provider');
    const bytes = req.method === 'POST' ? await readBody(req) : Buffer.alloc(0);
    const multipart = req.headers['content-type']?.startsWith('multipart/form-data') ?? false;
    const raw = multipart ? '' : bytes.toString('utf8');
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    const seen: SeenRequest = {
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body,
    };
    if (multipart) Object.assign(seen, parseMultipart(req.headers['content-type'], bytes));
    requests.push(seen);
    const json = (status: number, data: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    if (isDown) return json(503, { error: { message: 'Service Unavailable' } });

    const openAiBase = OPENAI_BASES.find((base) => url.pathname.startsWith(`${base}/`));
    if (openAiBase) {
      if (req.headers.authorization !== `Bearer ${GOOD_AI_KEY}`) return json(401, errorBody(401));
      const rest = url.pathname.slice(openAiBase.length);
      if (rest === '/models')
        return json(200, {
          object: 'list',
          data: GROQ_MODELS.map((id) => ({ id, object: 'model', created: 1, owned_by: 'test' })),
        });
      if (rest === '/chat/completions' && body)
        return answerCompletion(res, completionOf(url.pathname, body, raw), replies.shift());
      if (rest === '/audio/transcriptions' && req.method === 'POST') {
        if (!seen.file?.bytes.length || !seen.form?.model)
          return json(400, { error: { message: "'file' and 'model' are required" } });
        const reply = replies.shift();
        if (reply?.status) return json(reply.status, errorBody(reply.status));
        if (reply?.content !== undefined)
          return res.writeHead(200, { 'content-type': 'application/json' }).end(reply.content);
        return json(200, verboseJsonOf(seen.file.bytes));
      }
    }
    if (url.pathname.startsWith('/v1beta/models')) {
      const key = url.searchParams.get('key') ?? req.headers['x-goog-api-key'];
      if (key !== GOOD_AI_KEY) return json(400, geminiKeyError);
      if (url.pathname === '/v1beta/models' && req.method === 'GET')
        return json(200, { models: [...GEMINI_MODELS, GEMINI_EMBEDDING] });
      if (/:(stream)?[gG]enerateContent$/u.test(url.pathname) && body)
        return answerCompletion(res, completionOf(url.pathname, body, raw), replies.shift());
    }
    return json(404, { error: { message: 'Not found' } });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const completions = () =>
    requests.filter((request) => /chat\/completions|generateContent/u.test(request.path));
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
    script(...next) {
      replies.push(...next);
    },
    completions,
    sentSince: (from) => JSON.stringify(completions().slice(from)),
    transcriptions: () =>
      requests.filter((request) => request.path.endsWith('/audio/transcriptions')),
    down(value) {
      isDown = value;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
