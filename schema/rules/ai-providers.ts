/** The AI providers a configuration may name (limits and messages: ai.ts). */

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
