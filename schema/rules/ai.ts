/**
 * Limits and messages of a person's AI configurations (a provider, its API key, a model), shared
 * by server and client. Messages a user may see translate under `ai:errors.<key>`; the providers
 * are in ai-providers.ts and the zod validators in ai.schemas.ts, so that a first visit, which
 * reads every message to translate a server's, carries nothing else of AI.
 */

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
  baseUrlRequired: 'Please enter the server address',
  baseUrlInvalid: 'Enter an http:// or https:// address without a password',
  baseUrlNotAllowed: 'This site does not allow a model server at that address',
  keyOrConfig: 'Give an API key or one of your AI configs',
  tooMany: `You hold ${AI_CONFIGS_MAX} AI configs: delete one first`,
} as const;
