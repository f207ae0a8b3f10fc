import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skills } from '../../server/src/db/schema';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  createPrivateSpace,
  insertProblem,
  postStory,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const DASHBOARD = `query($spaceId: ID) { dashboard(spaceId: $spaceId) { totalProblems total_tags totalStories total_users totalSkills } }`;
const dashboard = (spaceId?: string, token?: string) =>
  gqlData<{ dashboard: Record<string, number> }>(
    server.url,
    DASHBOARD,
    { spaceId },
    { token },
  ).then((data) => data.dashboard);

describe('the dashboard', () => {
  it('counts what a signed-out visitor may see in the global space', async () => {
    const before = await dashboard();
    await postStory(server, alice, '<p>Public #dash</p>');
    await postStory(server, alice, '<p>Draft #dashdraft</p>', {
      isDraft: true,
    });
    await postStory(server, alice, '<p>Pending #dashpending</p>', {
      isAnonymousPost: true,
    });
    await insertProblem(server, alice, { tags: ['dash'] });
    await insertProblem(server, alice, { tags: ['dashdraft'], isDraft: true });
    await server.deps.db.insert(skills).values({
      id: 'skill-dash',
      spaceId: 'ww',
      authorId: alice.id,
      name: 'Welding',
      description: 'x',
    });
    const after = await dashboard();
    expect(after).toEqual({
      totalStories: before.totalStories! + 1,
      totalProblems: before.totalProblems! + 1,
      total_tags: before.total_tags! + 1,
      totalSkills: before.totalSkills! + 1,
      total_users: 3,
    });
  });

  it('keeps a private space’s content out of the global numbers and shows it to its participants only', async () => {
    const global = await dashboard(undefined, bob.token);
    const spaceId = (
      await createPrivateSpace(server, alice, {
        members: [
          { user: bob, status: 'contributor' },
          { user: carol, status: 'invited' },
        ],
      })
    ).id;
    await postStory(server, alice, '<p>Inside #privatedash</p>', {
      spaceId,
    });
    await insertProblem(server, alice, { spaceId, tags: ['privatedash'] });
    expect(await dashboard(undefined, bob.token)).toEqual(global);
    expect(await dashboard(spaceId, bob.token)).toEqual({
      totalStories: 1,
      totalProblems: 1,
      total_tags: 1,
      totalSkills: 0,
      total_users: 2,
    });
    for (const token of [carol.token, undefined]) {
      expect(await gqlError(server.url, DASHBOARD, { spaceId }, { token })).toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    const hidden = await rest(
      server.url,
      'GET',
      `/api/dashboard/info?spaceId=${spaceId}`,
      undefined,
      carol.token,
    );
    expect(hidden.status).toBe(404);
  });

  it('answers GET /dashboard/info with { success, data }', async () => {
    const response = await rest<{ data: Record<string, number> }>(
      server.url,
      'GET',
      '/api/dashboard/info',
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        totalProblems: expect.any(Number),
        total_tags: expect.any(Number),
        totalStories: expect.any(Number),
        total_users: expect.any(Number),
        totalSkills: expect.any(Number),
      },
    });
  });
});
