import { gqlData, rest } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

export const HIDDEN_EXPLAINERS = `query { me { id hiddenExplainers } }`;
export const HIDE_EXPLAINER = `mutation($path: String!) { hideExplainer(path: $path) { id hiddenExplainers } }`;
export const RESET_EXPLAINERS = `mutation { resetExplainers { id hiddenExplainers } }`;

/** The route paths whose explainer card the user hid, over GraphQL. */
export async function hiddenExplainers(server: TestServer, user: TestUser): Promise<string[]> {
  const data = await gqlData<{ me: { hiddenExplainers: string[] } }>(
    server.url,
    HIDDEN_EXPLAINERS,
    {},
    { token: user.token },
  );
  return data.me.hiddenExplainers;
}

/** `POST /api/user/explainercards { path, reset }` as the spec's client sends it. */
export const postExplainerCards = (
  server: TestServer,
  user: TestUser | null,
  body: { path?: unknown; reset?: unknown },
) => rest(server.url, 'POST', '/api/user/explainercards', body, user?.token);

/** The `hideExplainers` map `GET /api/user/userinfo` carries. */
export async function userinfoHideExplainers(server: TestServer, user: TestUser) {
  const answer = await rest<{ user: { hideExplainers: Record<string, boolean> } }>(
    server.url,
    'GET',
    '/api/user/userinfo',
    undefined,
    user.token,
  );
  return answer.body.user.hideExplainers;
}
