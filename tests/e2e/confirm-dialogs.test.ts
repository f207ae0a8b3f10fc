import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  postProblem,
  postSolution,
  CHANGE_SPACE,
  addParticipant,
  createPrivateSpace,
} from '../helpers/factories';
import { MOBILE, shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

const FOLLOW_TAG = `mutation($tag: ID!, $spaceId: ID) { followTag(tag: $tag, spaceId: $spaceId) { id } }`;
const ADD_PART = `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id } }`;

/**
 * Answers the "are you sure?" dialog called `title`: focus starts on Cancel (so Enter right after
 * opening keeps everything), then `action` is clicked.
 */
async function answer(page: Page, title: string, action: 'Cancel' | string) {
  const dialog = page.getByRole('dialog', { name: title });
  await shows(dialog);
  const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
  await expect
    .poll(() => cancel.evaluate((button) => button === document.activeElement), {
      message: `'${title}' starts with focus on Cancel`,
    })
    .toBe(true);
  await dialog.getByRole('button', { name: action, exact: true }).click();
}

describe.skipIf(chromiumMissing)('every yes/no question is the one confirm dialog', () => {
  let app: BrowserApp;
  let owner: TestUser;
  let member: TestUser;
  let spaceId: string;
  let problemId: string;
  let solutionId: string;
  let partId: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    owner = await signUpVerified(app.server, { displayName: 'Olga Owner' });
    member = await signUpVerified(app.server, { displayName: 'Manu Member' });
    const space = await createPrivateSpace(app.server, owner, { name: 'Well keepers' });
    spaceId = space.id;
    await addParticipant(app.server, owner, spaceId, member);
    await gqlData(app.server.url, CHANGE_SPACE, { spaceId }, { token: owner.token });
    // The problem's description carries #water, so the tag exists in the space.
    problemId = (await postProblem(app.server, owner, 'Dry wells', { spaceId })).id;
    solutionId = (await postSolution(app.server, owner, { spaceId })).id;
    await gqlData(app.server.url, FOLLOW_TAG, { tag: 'water', spaceId }, { token: owner.token });
    const part = await gqlData<{ addPart: { id: string } }>(
      app.server.url,
      ADD_PART,
      { problemId, input: { type: 'stakeholder', name: 'Villagers', attributes: [] } },
      { token: owner.token },
    );
    partId = part.addPart.id;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('unfollow, delete solution, part and problem, leave and delete space ask the same way', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: owner, viewport: MOBILE });

    // Unfollowing a tag: Cancel keeps following; Unfollow unfollows.
    await page.goto(`${app.server.url}/tags/water`);
    await page.getByRole('button', { name: 'Unfollow #water' }).click();
    await answer(page, 'Unfollow #water?', 'Cancel');
    await shows(page.getByRole('button', { name: 'Unfollow #water' }));
    await page.getByRole('button', { name: 'Unfollow #water' }).click();
    await answer(page, 'Unfollow #water?', 'Unfollow');
    await shows(page.getByText('You unfollowed #water'));
    await shows(page.getByRole('button', { name: 'Follow #water' }));

    await page.goto(`${app.server.url}/solution/${solutionId}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await answer(page, 'Delete solution?', 'Delete');
    await page.waitForURL('**/solutions/mysolutions');

    // Deleting a part asks too (it used to go at once): Cancel keeps it, Delete removes it.
    await page.goto(`${app.server.url}/problem/${problemId}/parts/${partId}/info`);
    const partActions = page.getByRole('button', { name: 'More actions' });
    await partActions.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await answer(page, 'Delete this part?', 'Cancel');
    await shows(page.getByRole('heading', { name: 'Villagers' }));
    await partActions.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await answer(page, 'Delete this part?', 'Delete');
    await page.waitForURL(`**/problem/${problemId}/parts`);

    await page.goto(`${app.server.url}/problem/${problemId}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await answer(page, 'Delete problem?', 'Delete');
    await page.waitForURL('**/problems/recent');

    const memberPage = await app.newPage({ as: member, viewport: MOBILE });
    await memberPage.goto(`${app.server.url}/space/${spaceId}/info`);
    await memberPage.getByRole('button', { name: 'Leave space' }).click();
    await answer(memberPage, 'Leave this space?', 'Leave space');
    await memberPage.waitForURL('**/spaces/private/active');
    await shows(memberPage.getByText('You left the space'));

    await page.goto(`${app.server.url}/space/${spaceId}/manage/settings`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await answer(page, 'Delete space', 'Delete');
    await page.waitForURL('**/spaces/private/active');
    await shows(page.getByText('Space deleted'));
  });
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
