import { AI_MESSAGES, AI_MODEL_MAX, type AiProvider } from '@rules';
import { z } from 'zod';
import { AppError } from '../../errors';

/**
 * The AI providers behind one interface. Listing a provider's models is how a key is checked;
 * no SDK call lists models, so each provider's listing is a small fetch here (the later AI
 * helpers add their calls beside it). Provider answers are untrusted: parsed with zod, bounded in
 * size, and never echoed beyond the models' names.
 */

export interface AiProviderSettings {
  groqBaseUrl: string;
  geminiBaseUrl: string;
  timeoutMs: number;
  /** The self-hosted servers' addresses the operator allows (AI_SELF_HOSTED_URLS). */
  selfHostedUrls: readonly string[];
}

/**
 * Refuses a self-hosted server's address the operator did not list: this server fetches it, so
 * a person must not be able to point it at the server's own network (metadata, databases).
 */
export function assertSelfHostedAllowed(settings: AiProviderSettings, baseUrl: string) {
  const base = baseUrl.replace(/\/+$/u, '');
  const allowed = settings.selfHostedUrls.some(
    (prefix) => base === prefix || base.startsWith(`${prefix}/`),
  );
  if (!allowed)
    throw new AppError('BAD_USER_INPUT', AI_MESSAGES.baseUrlNotAllowed, { field: 'baseUrl' });
}

/** Who to ask: a provider, the key in clear (only in memory), and a self-hosted server's address. */
export interface ProviderCall {
  provider: AiProvider;
  apiKey: string;
  baseUrl?: string | null;
}

/** A model as the app lists it: its id as the provider takes it and a name to show. */
export interface AiModel {
  id: string;
  displayName: string;
}

/** Models kept from one answer, and the bytes read of it: a listing is far smaller. */
const MODELS_MAX = 1000;
const ANSWER_BYTES_MAX = 2 * 1024 * 1024;

const modelName = z.string().min(1).max(AI_MODEL_MAX);
const openAiModels = z.object({
  data: z.array(z.object({ id: modelName })).max(MODELS_MAX * 2),
});
const geminiModels = z.object({
  models: z
    .array(
      z.object({
        name: modelName,
        displayName: z.string().max(AI_MODEL_MAX).optional(),
        supportedGenerationMethods: z.array(z.string().max(100)).max(50).optional(),
      }),
    )
    .max(MODELS_MAX * 2)
    .optional(),
});

const invalidKey = () =>
  new AppError('BAD_USER_INPUT', AI_MESSAGES.invalidKey, { field: 'apiKey' });
/**
 * A hosted provider that fails is a gateway failure (502, for the operator to see); a self-hosted
 * server that fails is the address the person gave (422 on baseUrl). Same words either way.
 */
const failureOf = (provider: AiProvider) => () =>
  provider === 'openaicompatible'
    ? new AppError('BAD_USER_INPUT', AI_MESSAGES.modelsFailed, { field: 'baseUrl' })
    : new AppError('BAD_GATEWAY', AI_MESSAGES.modelsFailed);

/** Reads an answer's body up to ANSWER_BYTES_MAX, or throws. */
async function boundedText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ANSWER_BYTES_MAX) {
      await reader.cancel();
      throw new Error('answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Asks a provider's API and answers its JSON. A refused key (401 or 403; Gemini answers 400
 * API_KEY_INVALID) is 'Invalid API key…'; anything else, a timeout included, 'Failed to fetch
 * Models'. The key travels only in the request; no error here carries it or the address.
 */
async function askProvider(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  failed: () => AppError,
) {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw failed();
  }
  try {
    if (response.status === 401 || response.status === 403) throw invalidKey();
    if (response.status === 400) {
      const text = await boundedText(response);
      throw text.includes('API_KEY_INVALID') ? invalidKey() : failed();
    }
    if (!response.ok) throw failed();
    return JSON.parse(await boundedText(response)) as unknown;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw failed();
  } finally {
    if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
  }
}

const byId = (models: AiModel[]) =>
  [...new Map(models.map((model) => [model.id, model])).values()]
    .sort((a, b) => a.id.localeCompare(b.id))
    .slice(0, MODELS_MAX);

/** The models the key may use, which proves the key works. */
export async function listModels(
  settings: AiProviderSettings,
  call: ProviderCall,
): Promise<AiModel[]> {
  const failed = failureOf(call.provider);
  if (call.provider === 'geminiai') {
    const url = `${settings.geminiBaseUrl}/models?pageSize=1000&key=${encodeURIComponent(call.apiKey)}`;
    const parsed = geminiModels.safeParse(await askProvider(url, {}, settings.timeoutMs, failed));
    if (!parsed.success) throw failed();
    // Embedding and other models that cannot answer a prompt are left out.
    const models = (parsed.data.models ?? []).filter(
      ({ supportedGenerationMethods: methods }) => !methods || methods.includes('generateContent'),
    );
    return byId(
      models.map(({ name, displayName }) => {
        const id = name.replace(/^models\//u, '');
        return { id, displayName: displayName?.trim() || id };
      }),
    );
  }
  const base = call.provider === 'groq' ? settings.groqBaseUrl : call.baseUrl;
  if (!base)
    throw new AppError('BAD_USER_INPUT', AI_MESSAGES.baseUrlRequired, { field: 'baseUrl' });
  if (call.provider === 'openaicompatible') assertSelfHostedAllowed(settings, base);
  const answer = await askProvider(
    `${base}/models`,
    { authorization: `Bearer ${call.apiKey}` },
    settings.timeoutMs,
    failed,
  );
  const parsed = openAiModels.safeParse(answer);
  if (!parsed.success) throw failed();
  return byId(parsed.data.data.map(({ id }) => ({ id, displayName: id })));
}
