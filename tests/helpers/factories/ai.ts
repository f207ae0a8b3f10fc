import { GOOD_AI_KEY, GROQ_MODELS } from '../ai-provider';
import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

const CREATE_AI_CONFIG = `mutation($input: CreateAiConfigInput!) { createAiConfig(input: $input) { id } }`;

/**
 * Gives `user` an AI config on the fake provider's groq (its one good key, its first model), the
 * default if it is their first; `overrides` change any field (a Gemini config, a self-hosted one).
 * Answers its id.
 */
export async function createAiConfig(
  server: TestServer,
  user: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const data = await gqlData<{ createAiConfig: { id: string } }>(
    server.url,
    CREATE_AI_CONFIG,
    {
      input: {
        provider: 'groq',
        apiKey: GOOD_AI_KEY,
        model: GROQ_MODELS[0],
        name: 'Groq',
        description: 'For the AI helpers',
        ...overrides,
      },
    },
    { token: user.token },
  );
  return data.createAiConfig.id;
}
