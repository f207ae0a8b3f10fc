import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createGroq } from '@ai-sdk/groq';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { assertSelfHostedAllowed, type AiProviderSettings, type ProviderCall } from './providers';

/**
 * The one place a provider becomes an AI SDK model: the hosted providers at their configured
 * base URLs (GROQ_BASE_URL, GEMINI_BASE_URL: tests and proxies need no code change), a
 * self-hosted server only at an address the operator allows. Redirects are refused, so an
 * allowed server cannot bounce this server's requests elsewhere.
 */
const noRedirects: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'error' });

export function languageModelOf(
  settings: AiProviderSettings,
  call: ProviderCall,
  modelId: string,
): LanguageModel {
  if (call.provider === 'geminiai')
    return createGoogleGenerativeAI({
      baseURL: settings.geminiBaseUrl,
      apiKey: call.apiKey,
      fetch: noRedirects,
    })(modelId);
  if (call.provider === 'groq')
    return createGroq({ baseURL: settings.groqBaseUrl, apiKey: call.apiKey, fetch: noRedirects })(
      modelId,
    );
  const baseURL = call.baseUrl ?? '';
  assertSelfHostedAllowed(settings, baseURL);
  return createOpenAICompatible({
    name: 'selfhosted',
    baseURL,
    apiKey: call.apiKey,
    fetch: noRedirects,
    // Ollama, llama.cpp and vLLM take a JSON schema as response_format.
    supportsStructuredOutputs: true,
    includeUsage: true,
  })(modelId);
}
