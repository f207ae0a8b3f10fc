import { startAiProvider, type TestAiProvider } from './ai-provider';
import { createAiConfig } from './factories/ai';
import { signUpVerified, type TestUser } from './factories/users';
import { startTestServer, type TestServer } from './server';

export interface AiTestServer {
  provider: TestAiProvider;
  server: TestServer;
  /** A person with an AI config on the fake provider (their default). */
  person: TestUser;
  stop(): Promise<void>;
}

/**
 * What the AI tests start from: the fake provider, a server pointed at it (a provider request
 * times out after 3 s, so a scripted stall ends within a test), and one person with a config.
 */
export async function startAiTestServer(displayName = 'Asha'): Promise<AiTestServer> {
  const provider = await startAiProvider();
  const server = await startTestServer({ ...provider.env, AI_REQUEST_TIMEOUT_MS: '3000' });
  const person = await signUpVerified(server, { displayName });
  await createAiConfig(server, person);
  return {
    provider,
    server,
    person,
    async stop() {
      await server.stop();
      await provider.stop();
    },
  };
}
