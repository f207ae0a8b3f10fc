/**
 * Rules for a person's AI configurations (a provider, its API key, a model), shared by server and
 * client. Messages a user may see translate under `ai:errors.<key>`; the zod validators live in
 * ai.schemas.ts.
 */

/**
 * The providers a configuration may name: groq (the default), Google's Gemini, and any server
 * that speaks the OpenAI API at its own base URL (Ollama, llama.cpp, vLLM) for a community that
 * keeps its data on its own machines.
 */
export const AI_PROVIDERS = ['groq', 'geminiai', 'openaicompatible'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
export const DEFAULT_AI_PROVIDER: AiProvider = 'groq';
/** Shown in the wizard as icons only, not selectable (000 §3). */
export const AI_PROVIDERS_SHOWN_ONLY = ['chatgpt', 'cloudai'] as const;

/**
 * An API key's length. Real keys run from about 39 (Gemini) to 56 (groq) characters; a
 * self-hosted server may take a short one, hence 10. 300 leaves room for longer formats while
 * keeping anything a person could paste by mistake (a whole file) out.
 */
export const AI_KEY_MIN = 10;
export const AI_KEY_MAX = 300;
export const AI_CONFIG_NAME_MAX = 100;
export const AI_CONFIG_DESCRIPTION_MIN = 5;
export const AI_CONFIG_DESCRIPTION_MAX = 500;
export const AI_MODEL_MAX = 200;
export const AI_BASE_URL_MAX = 300;
/** Configurations one person may hold. */
export const AI_CONFIGS_MAX = 20;
/** The characters of a key shown back (the rest is never sent). */
export const AI_KEY_SHOWN = 4;

export const AI_MESSAGES = {
  keyRequired: 'Please enter an API key',
  keyMin: `An API key is at least ${AI_KEY_MIN} characters`,
  keyMax: `An API key is at most ${AI_KEY_MAX} characters`,
  invalidKey: 'Invalid API key . Please Enter valid key.',
  modelsFailed: 'Failed to fetch Models',
  providerRequired: 'Please select an AI provider',
  nameRequired: 'Please enter a name',
  nameMax: `A name is at most ${AI_CONFIG_NAME_MAX} characters`,
  descriptionRequired: 'Please enter a description',
  descriptionMin: `A description is at least ${AI_CONFIG_DESCRIPTION_MIN} characters`,
  descriptionMax: `A description is at most ${AI_CONFIG_DESCRIPTION_MAX} characters`,
  modelRequired: 'Please select a model',
  modelMax: `A model's name is at most ${AI_MODEL_MAX} characters`,
  baseUrlRequired: 'Please enter the server address (http:// or https://)',
  baseUrlInvalid: 'The server address is an http:// or https:// address without a password',
  keyOrConfig: 'Give an API key or one of your AI configs',
  tooMany: `You hold ${AI_CONFIGS_MAX} AI configs: delete one first`,
} as const;
