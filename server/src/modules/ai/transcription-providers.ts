import { createGroq } from '@ai-sdk/groq';
import {
  APICallError,
  experimental_transcribe as transcribe,
  NoTranscriptGeneratedError,
} from 'ai';
import {
  AI_MESSAGES,
  AUDIO_TOKENS_PER_SECOND,
  TRANSCRIPT_SEGMENTS_MAX,
  TRANSCRIPT_TEXT_MAX,
} from '@rules';
import { z } from 'zod';
import { AppError } from '../../errors';
import { generateStructured, providerFailure, type AiCall } from './ai-call';
import type { TokenUsage } from './ai-usage.service';
import { assertSelfHostedAllowed, type AiProviderSettings } from './providers';

/**
 * Speech to text behind one interface, per provider: groq's Whisper through the AI SDK; a
 * self-hosted OpenAI-compatible server (speaches, whisper.cpp) by the same multipart request,
 * made here (`@ai-sdk/openai-compatible` 2 has no transcription model); Gemini, which has no
 * transcription endpoint, by the config's own model reading the audio as a file part and
 * answering segments as structured output (its times are the model's estimate). Answers are
 * untrusted: read up to ANSWER_BYTES_MAX, parsed with zod; transcription.service.ts bounds and
 * cleans the segments.
 */

/** The transcription model per provider; Gemini uses the config's model (a chat model). */
export const TRANSCRIPTION_MODELS = { groq: 'whisper-large-v3-turbo' } as const;

export type TranscriptionSettings = AiProviderSettings & { selfHostedTranscriptionModel: string };

/** A stretch of speech: where it ends in the audio, and what was said. */
export interface HeardSegment {
  endSeconds: number;
  text: string;
}

export interface Heard {
  segments: HeardSegment[];
  usage: TokenUsage;
}

export interface AudioFile {
  bytes: Uint8Array;
  contentType: string;
  /** The name sent with the multipart file (its extension tells the format). */
  name: string;
}

/** A transcript's answer is far smaller: 30 minutes of verbose_json is a few hundred KB. */
const ANSWER_BYTES_MAX = 4 * 1024 * 1024;
/** A whole recording goes up and is read: a transcription waits this many times the usual timeout. */
const TIMEOUT_FACTOR = 6;

/** fetch that refuses redirects and stops reading an answer past ANSWER_BYTES_MAX. */
const boundedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, { ...init, redirect: 'error' });
  if (!response.body) return response;
  let size = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > ANSWER_BYTES_MAX) controller.error(new Error('answer too large'));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, headers: response.headers });
};

const unreadable = () => new AppError('BAD_GATEWAY', AI_MESSAGES.answerUnreadable);

const number = z.number().finite().nonnegative();
/** Whisper's verbose_json, as far as it is read. */
const whisperAnswer = z.object({
  text: z
    .string()
    .max(TRANSCRIPT_TEXT_MAX * 2)
    .optional(),
  duration: number.nullish(),
  segments: z
    .array(z.object({ end: number, text: z.string().max(TRANSCRIPT_TEXT_MAX) }))
    .max(TRANSCRIPT_SEGMENTS_MAX * 2)
    .nullish(),
});

/**
 * Whisper bills seconds of audio: they count as AUDIO_TOKENS_PER_SECOND input tokens each, the
 * seconds being the provider's reported duration, else where its last segment ends.
 */
function whisperUsage(duration: number | null | undefined, segments: HeardSegment[]): TokenUsage {
  const seconds = duration ?? segments.at(-1)?.endSeconds ?? 0;
  return { inputTokens: Math.ceil(seconds * AUDIO_TOKENS_PER_SECOND), outputTokens: 0 };
}

async function groqTranscribe(
  settings: TranscriptionSettings,
  call: AiCall,
  audio: AudioFile,
): Promise<Heard> {
  const model = createGroq({
    baseURL: settings.groqBaseUrl,
    apiKey: call.source.apiKey,
    fetch: boundedFetch,
  }).transcription(TRANSCRIPTION_MODELS.groq);
  try {
    const result = await transcribe({
      model,
      audio: audio.bytes,
      providerOptions: { groq: { responseFormat: 'verbose_json' } },
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(call.timeoutMs * TIMEOUT_FACTOR),
    });
    const parsed = whisperAnswer.safeParse({
      text: result.text,
      duration: result.durationInSeconds,
      segments: result.segments.map((segment) => ({
        end: segment.endSecond,
        text: segment.text,
      })),
    });
    if (!parsed.success) throw unreadable();
    return heardOf(parsed.data);
  } catch (error) {
    // Silence: Whisper heard nothing, which is an answer.
    if (NoTranscriptGeneratedError.isInstance(error))
      return { segments: [], usage: whisperUsage(null, []) };
    throw error;
  }
}

function heardOf(answer: z.infer<typeof whisperAnswer>): Heard {
  const segments = (answer.segments ?? []).map(({ end, text }) => ({ endSeconds: end, text }));
  // A server answering text without segments: one segment to its end.
  if (!segments.length && answer.text?.trim())
    segments.push({ endSeconds: answer.duration ?? 0, text: answer.text });
  return { segments, usage: whisperUsage(answer.duration, segments) };
}

/** The OpenAI-compatible `POST {base}/audio/transcriptions`, multipart, verbose_json. */
async function selfHostedTranscribe(
  settings: TranscriptionSettings,
  call: AiCall,
  audio: AudioFile,
): Promise<Heard> {
  const base = (call.source.baseUrl ?? '').replace(/\/+$/u, '');
  assertSelfHostedAllowed(settings, base);
  const url = `${base}/audio/transcriptions`;
  const form = new FormData();
  form.append(
    'file',
    new File([new Uint8Array(audio.bytes)], audio.name, { type: audio.contentType }),
  );
  form.append('model', settings.selfHostedTranscriptionModel);
  form.append('response_format', 'verbose_json');
  const response = await boundedFetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${call.source.apiKey}`, accept: 'application/json' },
    body: form,
    signal: AbortSignal.timeout(call.timeoutMs * TIMEOUT_FACTOR),
  });
  const text = await response.text();
  if (!response.ok)
    throw new APICallError({
      message: 'transcription refused',
      url,
      requestBodyValues: {},
      statusCode: response.status,
      responseBody: text.slice(0, 1000),
    });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unreadable();
  }
  const parsed = whisperAnswer.safeParse(json);
  if (!parsed.success) throw unreadable();
  return heardOf(parsed.data);
}

const geminiAnswer = z.object({
  segments: z.array(z.object({ endSeconds: z.number(), text: z.string() })),
});

const GEMINI_SYSTEM =
  'You transcribe audio. Write down what is said, word for word, in the language spoken, as ' +
  'segments of a sentence or two in the order spoken, each with the second of the audio where ' +
  'it ends. Write nothing that is not said; no speech gives no segments.';

/** Gemini reads the audio as a file part; its tokens are what it reports. */
async function geminiTranscribe(call: AiCall, audio: AudioFile): Promise<Heard> {
  const { value, usage } = await generateStructured(
    { ...call, timeoutMs: call.timeoutMs * TIMEOUT_FACTOR },
    {
      system: GEMINI_SYSTEM,
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Transcribe this audio.' },
            { type: 'file', data: audio.bytes, mediaType: audio.contentType },
          ],
        },
      ],
      schema: geminiAnswer,
    },
  );
  return { segments: value.segments.slice(0, TRANSCRIPT_SEGMENTS_MAX * 2), usage };
}

/**
 * Transcribes `audio` with the person's provider and records what it cost (a failed request
 * reports nothing to record; Gemini's attempts are recorded by generateStructured). Provider
 * failures come back in the app's words (providerFailure).
 */
export async function transcribeWith(
  settings: TranscriptionSettings,
  call: AiCall,
  audio: AudioFile,
): Promise<Heard> {
  if (call.source.provider === 'geminiai') return geminiTranscribe(call, audio);
  let heard: Heard;
  try {
    heard =
      call.source.provider === 'groq'
        ? await groqTranscribe(settings, call, audio)
        : await selfHostedTranscribe(settings, call, audio);
  } catch (error) {
    throw providerFailure(error);
  }
  await call.record(heard.usage);
  return heard;
}
