/** The zod validators of AI configurations (limits and messages: ai.ts). */
import { z } from 'zod';
import {
  AI_BASE_URL_MAX,
  AI_CONFIG_DESCRIPTION_MAX,
  AI_CONFIG_DESCRIPTION_MIN,
  AI_CONFIG_NAME_MAX,
  AI_KEY_MAX,
  AI_KEY_MIN,
  AI_MESSAGES,
  AI_MODEL_MAX,
  AI_IDENTIFY_KINDS,
  AI_PROMPT_MAX,
  AI_CHAT_MESSAGE_MAX,
  AI_CHAT_NAME_MAX,
  ANALYTICS_COLLECTIONS,
} from './ai';
import { AI_PROVIDERS } from './ai-providers';
import { MESSAGES } from './messages';
import { idSchema } from './validators';

export const aiProviderSchema = z.enum(AI_PROVIDERS, { error: AI_MESSAGES.providerRequired });

/** A key as pasted: surrounding spaces go, inner ones are the key's own. */
export const aiKeySchema = z
  .string({ error: AI_MESSAGES.keyRequired })
  .max(AI_KEY_MAX, { message: AI_MESSAGES.keyMax, abort: true })
  .trim()
  .min(1, { message: AI_MESSAGES.keyRequired, abort: true })
  .min(AI_KEY_MIN, AI_MESSAGES.keyMin);

/** A self-hosted server's address: http(s), no user or password in it, no query or fragment. */
export const aiBaseUrlSchema = z
  .string({ error: AI_MESSAGES.baseUrlRequired })
  .max(AI_BASE_URL_MAX, { message: AI_MESSAGES.baseUrlInvalid, abort: true })
  .trim()
  .min(1, { message: AI_MESSAGES.baseUrlRequired, abort: true })
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash
    );
  }, AI_MESSAGES.baseUrlInvalid)
  .transform((value) => value.replace(/\/+$/u, ''));

const nameSchema = z
  .string({ error: AI_MESSAGES.nameRequired })
  .max(AI_CONFIG_NAME_MAX, { message: AI_MESSAGES.nameMax, abort: true })
  .trim()
  .min(1, AI_MESSAGES.nameRequired);

const descriptionSchema = z
  .string({ error: AI_MESSAGES.descriptionRequired })
  .max(AI_CONFIG_DESCRIPTION_MAX, { message: AI_MESSAGES.descriptionMax, abort: true })
  .trim()
  .min(1, { message: AI_MESSAGES.descriptionRequired, abort: true })
  .min(AI_CONFIG_DESCRIPTION_MIN, AI_MESSAGES.descriptionMin);

const modelSchema = z
  .string({ error: AI_MESSAGES.modelRequired })
  .max(AI_MODEL_MAX, { message: MESSAGES.invalidValue, abort: true })
  .trim()
  .min(1, AI_MESSAGES.modelRequired);

/** Needs a base URL exactly when the provider is the self-hosted one. */
const withBaseUrl = <T extends { provider: string; baseUrl?: string | null | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.provider === 'openaicompatible' && !value.baseUrl)
    ctx.addIssue({ code: 'custom', message: AI_MESSAGES.baseUrlRequired, path: ['baseUrl'] });
};

/** What a person may change of a config: its model, name and description (the wizard's last steps). */
export const aiConfigDetailsSchema = z.object({
  model: modelSchema,
  name: nameSchema,
  description: descriptionSchema,
});

/** A new AI configuration. */
export const aiConfigInputSchema = z
  .object({
    provider: aiProviderSchema,
    apiKey: aiKeySchema,
    baseUrl: aiBaseUrlSchema.nullish(),
    ...aiConfigDetailsSchema.shape,
    isDefault: z.boolean().nullish(),
  })
  .superRefine(withBaseUrl);
export type AiConfigInput = z.infer<typeof aiConfigInputSchema>;

/** A change to one: key, provider and base URL stay as they are (a new key is a new config). */
export const aiConfigUpdateSchema = z.object({
  model: modelSchema.nullish().transform((value) => value ?? undefined),
  name: nameSchema.nullish().transform((value) => value ?? undefined),
  description: descriptionSchema.nullish().transform((value) => value ?? undefined),
});
export type AiConfigUpdate = z.infer<typeof aiConfigUpdateSchema>;

/** Listing a provider's models, to check a key: with the key itself or a saved config's id. */
export const aiModelsInputSchema = z
  .object({
    provider: aiProviderSchema,
    apiKey: aiKeySchema.nullish(),
    configId: idSchema.nullish(),
    baseUrl: aiBaseUrlSchema.nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.apiKey && !value.configId)
      ctx.addIssue({ code: 'custom', message: AI_MESSAGES.keyOrConfig, path: ['apiKey'] });
    if (value.apiKey) withBaseUrl(value, ctx);
  });
export type AiModelsInput = z.infer<typeof aiModelsInputSchema>;

export const aiIdentifyKindSchema = z.enum(AI_IDENTIFY_KINDS, { error: AI_MESSAGES.kindRequired });

/**
 * A run of an AI helper: what to identify, from the text typed (plain text), a problem the
 * person may read, or both; `spaceId` is where identified problems would be published.
 */
export const aiIdentifyInputSchema = z
  .object({
    kind: aiIdentifyKindSchema,
    text: z
      .string()
      .max(AI_PROMPT_MAX, { message: AI_MESSAGES.promptMax, abort: true })
      .trim()
      .nullish()
      .transform((value) => value || undefined),
    problemId: idSchema.nullish(),
    spaceId: idSchema.nullish(),
    configId: idSchema.nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.text && !value.problemId)
      ctx.addIssue({ code: 'custom', message: AI_MESSAGES.promptRequired, path: ['text'] });
    if (value.kind === 'parts' && !value.problemId)
      ctx.addIssue({ code: 'custom', message: AI_MESSAGES.partsNeedProblem, path: ['problemId'] });
  });
export type AiIdentifyInput = z.infer<typeof aiIdentifyInputSchema>;

/** An AI chat's name (optional when creating one: the first message names it then). */
export const aiChatNameSchema = z
  .string({ error: AI_MESSAGES.chatNameRequired })
  .max(AI_CHAT_NAME_MAX, { message: AI_MESSAGES.chatNameMax, abort: true })
  .trim()
  .min(1, AI_MESSAGES.chatNameRequired);

/** A new AI chat: its name, the config it talks through (the default otherwise), and its context. */
export const aiChatInputSchema = z.object({
  name: aiChatNameSchema.nullish(),
  configId: idSchema.nullish(),
  spaceId: idSchema.nullish(),
});
export type AiChatInput = z.infer<typeof aiChatInputSchema>;

/**
 * A message to an AI chat (plain text); `useSpaceContext` sends the names and opening lines of the
 * chat's space's problems that the person may read with it.
 */
export const aiChatSendSchema = z.object({
  chatId: idSchema,
  text: z
    .string({ error: AI_MESSAGES.chatMessageRequired })
    .max(AI_CHAT_MESSAGE_MAX, { message: AI_MESSAGES.chatMessageMax, abort: true })
    .trim()
    .min(1, AI_MESSAGES.chatMessageRequired),
  useSpaceContext: z.boolean().nullish(),
  configId: idSchema.nullish(),
});
export type AiChatSend = z.infer<typeof aiChatSendSchema>;
/**
 * `GET /analytics` (001 §7): what to analyse. `docId` may be written `stories/{id}`, as the spec
 * writes item paths elsewhere.
 */
export const analyticsQuerySchema = z.object({
  collection: z.enum(ANALYTICS_COLLECTIONS, { error: AI_MESSAGES.analyticsCollection }),
  docId: idSchema.transform((id) => id.replace(/^stories\//u, '')),
});
/**
 * A transcription of a post's audio: the upload it is, one of the person's configs (their default
 * otherwise), and whether to transcribe again what already was.
 */
export const transcribeAudioInputSchema = z.object({
  uploadId: idSchema,
  configId: idSchema.nullish(),
  redo: z.boolean().nullish(),
});
export type TranscribeAudioInput = z.infer<typeof transcribeAudioInputSchema>;
