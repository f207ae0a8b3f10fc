import {
  APICallError,
  generateText,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
} from 'ai';
import { AI_MESSAGES, idSchema, RATE_LIMITS } from '@rules';
import type { z } from 'zod';
import { recordAttempts } from '../../auth/rate-limit';
import type { Context } from '../../context';
import { AppError, parseInput } from '../../errors';
import { requireSessionViewer } from './ai-access';
import { openAiConfig } from './ai-config.service';
import { languageModelOf } from './ai-models';
import type { ProviderCall } from './providers';
import {
  addUsage,
  assertWithinCap,
  NO_USAGE,
  recordUsage,
  type TokenUsage,
} from './ai-usage.service';

/**
 * One person's call to their AI provider, from the checks before it to the spending after it:
 * a signed-in session, their own config (the one named or their default), under the monthly cap
 * and the per-person rate. Every AI helper (identify, chat, analytics, transcription) starts here.
 */
export interface AiCall {
  userId: string;
  configId: string;
  model: LanguageModel;
  /** Who the model asks, for the calls a language model cannot make (transcription). */
  source: ProviderCall;
  timeoutMs: number;
  /** Adds tokens spent to the person's month; called once per provider request. */
  record(usage: TokenUsage): Promise<void>;
}

const AI_CALL_BUCKET = 'ai-call';

export async function openAiCall(ctx: Context, configIdInput?: unknown): Promise<AiCall> {
  const viewer = requireSessionViewer(ctx);
  const configId = configIdInput == null ? null : parseInput(idSchema, configIdInput, 'configId');
  const config = await openAiConfig(ctx, viewer.id, configId);
  await assertWithinCap(ctx, viewer.id);
  await recordAttempts(ctx.db, AI_CALL_BUCKET, [{ key: viewer.id, limit: RATE_LIMITS.aiCall }]);
  return {
    userId: viewer.id,
    configId: config.id,
    model: languageModelOf(ctx.config.ai, config, config.model),
    source: { provider: config.provider, apiKey: config.apiKey, baseUrl: config.baseUrl },
    timeoutMs: ctx.config.ai.timeoutMs,
    record: (usage) => recordUsage(ctx.db, viewer.id, config.id, usage),
  };
}

/** The SDK's usage (fields may be missing) as whole counts. */
export const usageOf = (usage: LanguageModelUsage | undefined): TokenUsage => ({
  inputTokens: usage?.inputTokens ?? 0,
  outputTokens: usage?.outputTokens ?? 0,
});

/**
 * A provider's failure in the app's words: a refused key is the spec's 'Invalid API key…',
 * the provider's own rate limit 'busy' (429), anything else (a timeout, a 5xx, a refused
 * connection) 'did not answer' (502). Nothing of the provider's answer reaches the person.
 */
export function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode ?? 0;
    if (status === 401 || status === 403 || error.responseBody?.includes('API_KEY_INVALID'))
      return new AppError('BAD_USER_INPUT', AI_MESSAGES.invalidKey, { field: 'configId' });
    if (status === 429) return new AppError('RATE_LIMITED', AI_MESSAGES.providerBusy);
  }
  return new AppError('BAD_GATEWAY', AI_MESSAGES.providerFailed);
}

const unreadable = (error: unknown) =>
  NoObjectGeneratedError.isInstance(error) || NoOutputGeneratedError.isInstance(error);

/**
 * Asks for an answer shaped by `schema` (a prompt of text, or messages carrying files; sent to the provider as a JSON schema, and the answer
 * parsed with it: provider answers are untrusted). A malformed answer is asked for once more,
 * then refused as unreadable. Every request's tokens are recorded, failed ones included.
 */
export async function generateStructured<Schema extends z.ZodType>(
  call: AiCall,
  request: { system: string; prompt: string | ModelMessage[]; schema: Schema },
): Promise<{ value: z.infer<Schema>; usage: TokenUsage }> {
  let spent = NO_USAGE;
  for (let attempt = 1; ; attempt++) {
    let usage = NO_USAGE;
    try {
      const result = await generateText({
        model: call.model,
        system: request.system,
        prompt: request.prompt,
        output: Output.object({ schema: request.schema }),
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(call.timeoutMs),
      });
      usage = usageOf(result.usage);
      spent = addUsage(spent, usage);
      return { value: result.output as z.infer<Schema>, usage: spent };
    } catch (error) {
      if (!unreadable(error)) throw providerFailure(error);
      usage = usageOf(NoObjectGeneratedError.isInstance(error) ? error.usage : undefined);
      spent = addUsage(spent, usage);
      if (attempt >= 2) throw new AppError('BAD_GATEWAY', AI_MESSAGES.answerUnreadable);
    } finally {
      if (usage !== NO_USAGE) await call.record(usage);
    }
  }
}
