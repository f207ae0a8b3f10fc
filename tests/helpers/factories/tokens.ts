import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

const CREATE_API_TOKEN = `mutation($input: CreateApiTokenInput!) { createApiToken(input: $input) { token apiToken { id } } }`;

/**
 * Gives `user` a personal access token (read and write by default, valid a day), as an app
 * holding one would use it. Answers the token and its id.
 */
export async function createApiToken(
  server: TestServer,
  user: TestUser,
  { name = 'script', scopes = ['read', 'write'] }: { name?: string; scopes?: string[] } = {},
) {
  const data = await gqlData<{ createApiToken: { token: string; apiToken: { id: string } } }>(
    server.url,
    CREATE_API_TOKEN,
    { input: { name, scopes, expiresAt: new Date(Date.now() + 86_400_000).toISOString() } },
    { token: user.token },
  );
  return { token: data.createApiToken.token, id: data.createApiToken.apiToken.id };
}
