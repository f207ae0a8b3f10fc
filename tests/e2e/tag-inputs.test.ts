import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { postStory, signUpVerified, type TestUser, createPrivateSpace } from '../helpers/factories';
import { MOBILE, shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

const FOLLOW_TAGS = `mutation($tags: [String!]!) { followTags(tags: $tags) }`;
const PROFILE_TAGS = `mutation($tags: [String!]!) { setProfileTags(tags: $tags) }`;
const ALERT_TAGS = `mutation($tags: [String!]!) { setNotificationTags(tags: $tags) }`;

/** Presses Tab (or Shift+Tab) until `target` has the keyboard focus; fails if it never gets it. */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  for (let step = 0; step < 15; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} is not reachable with the keyboard`);
}

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

describe.skipIf(chromiumMissing)('tag inputs, the alerts strip and the invite search', () => {
  let app: BrowserApp;
  let tara: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    tara = await signUpVerified(app.server, { displayName: 'Tara' });
    // Tags of the global space, so the tag input has suggestions.
    await postStory(app.server, tara, '<p>Crossing the road to school #safety #sanitation</p>');
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  /** The follow-tags dialog opened from /tags, with its tag input. */
  async function followTagsDialog(page: Page) {
    await page.goto(`${app.server.url}/tags`);
    await page.getByRole('button', { name: 'Follow tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Follow tags' });
    return { dialog, input: dialog.getByRole('combobox', { name: 'Add a tag' }) };
  }
  const chip = (dialog: Locator, tag: string) => dialog.getByText(`#${tag}`, { exact: true });

  it('keeps tags apart: a picked suggestion then typed text are two tags; Enter takes the highlighted suggestion', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: tara });
    const { dialog, input } = await followTagsDialog(page);

    await input.pressSequentially('sani');
    await shows(page.getByRole('option', { name: /^#?sanitation$/ }));
    await input.press('ArrowDown');
    await input.press('Enter');
    await shows(chip(dialog, 'sanitation'));
    expect(await chip(dialog, 'sani').count()).toBe(0);
    expect(await input.inputValue()).toBe('');
    await shows(dialog.getByText('Following: 1 (Max 10)'));

    await input.pressSequentially('saf');
    await page.getByRole('option', { name: /^#?safety$/ }).click();
    await shows(chip(dialog, 'safety'));
    expect(await input.inputValue()).toBe('');
    await input.pressSequentially('roads');
    await input.press('Enter');
    await shows(chip(dialog, 'roads'));
    expect(await dialog.getByText(/safetyroads/).count()).toBe(0);
    await shows(dialog.getByText('Following: 3 (Max 10)'));

    // The chips' remove buttons are in the tab order: Enter and Space remove, and the focus goes
    // back to the input; Backspace in the empty input removes the last chip.
    await tabTo(page, dialog.getByRole('button', { name: 'Remove #roads' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => chip(dialog, 'roads').count()).toBe(0);
    await expect.poll(() => isFocused(input)).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Remove #safety' }), {
      backwards: true,
    });
    await page.keyboard.press('Space');
    await expect.poll(() => chip(dialog, 'safety').count()).toBe(0);
    await expect.poll(() => isFocused(input)).toBe(true);
    await page.keyboard.press('Backspace');
    await expect.poll(() => chip(dialog, 'sanitation').count()).toBe(0);
    await shows(dialog.getByText('Following: 0 (Max 10)'));
  });

  it('at the limit of 10 tags the input is disabled, and a chip is still removed by keyboard', async () => {
    app.screenshotsOnFailure();
    const ten = Array.from({ length: 10 }, (_, index) => `limit${index}`);
    await gqlData(app.server.url, FOLLOW_TAGS, { tags: ten }, { token: tara.token });
    const page = await app.newPage({ as: tara });
    const { dialog, input } = await followTagsDialog(page);
    await shows(dialog.getByText('Following: 10 (Max 10)'));
    expect(await input.isDisabled()).toBe(true);

    await tabTo(page, dialog.getByRole('button', { name: 'Remove #limit9' }));
    await page.keyboard.press('Enter');
    await shows(dialog.getByText('Following: 9 (Max 10)'));
    expect(await chip(dialog, 'limit9').count()).toBe(0);
    await expect.poll(() => isFocused(input)).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await shows(page.getByText('Followed tags updated'));
  });

  it('words the alerts strip as it matches: problems with any one of the tags', async () => {
    app.screenshotsOnFailure();
    await gqlData(app.server.url, ALERT_TAGS, { tags: ['water', 'roads'] }, { token: tara.token });
    const page = await app.newPage({ as: tara, viewport: MOBILE });
    await page.goto(`${app.server.url}/problems/alerts`);
    await shows(page.getByText('Problems tagged #roads or #water', { exact: true }));
    expect(await page.getByText('&', { exact: true }).count()).toBe(0);
  });

  it('invite search finds a 2-letter name and tells two people of that name apart', async () => {
    app.screenshotsOnFailure();
    const [farmer, teacher] = await Promise.all([
      signUpVerified(app.server, { displayName: 'Li' }),
      signUpVerified(app.server, { displayName: 'Li' }),
    ]);
    await gqlData(app.server.url, PROFILE_TAGS, { tags: ['farming'] }, { token: farmer.token });
    await gqlData(app.server.url, PROFILE_TAGS, { tags: ['teaching'] }, { token: teacher.token });
    const spaceId = (await createPrivateSpace(app.server, tara)).id;
    const page = await app.newPage({ as: tara, viewport: MOBILE });
    await page.goto(`${app.server.url}/space/${spaceId}/manage/participants`);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = page.getByRole('dialog', { name: 'Invite to Space' });
    await invite.getByRole('textbox', { name: 'Search users' }).fill('Li');
    const joined = /Joined [A-Z][a-z]+ \d{4}/;
    const farmerBox = invite.getByRole('checkbox', { name: /^Li .*#farming/ });
    await shows(farmerBox);
    await shows(invite.getByRole('checkbox', { name: /^Li .*#teaching/ }));
    await shows(invite.getByText(joined));
    expect(await invite.getByText(/@/).count()).toBe(0);
    await farmerBox.check();
    await shows(invite.getByText('Selected: Li'));
  });

  it('names the space a tag page and the feed show, country names in the reader’s language', async () => {
    app.screenshotsOnFailure();
    const ravi = await signUpVerified(app.server, { displayName: 'Ravi' });
    await gqlData(
      app.server.url,
      `mutation { updateLanguage(appLang: "te") { appLang } changeSpace(spaceId: "in") { id } }`,
      {},
      { token: ravi.token },
    );
    const page = await app.newPage({ as: ravi, viewport: MOBILE });
    await page.goto(`${app.server.url}/stories/recent`);
    await shows(page.getByRole('heading', { name: 'భారతదేశంలో ఇటీవలి కథలు' }));
    await page.goto(`${app.server.url}/tags/safety/info`);
    await shows(page.getByText('భారతదేశంలో', { exact: true }));
    await page.goto(`${app.server.url}/tags`);
    await shows(page.getByRole('heading', { name: 'భారతదేశంలో ట్యాగ్‌లు' }));
  });
});

describe.skipIf(!chromiumMissing)('tag inputs, the alerts strip and the invite search', () => {
  it.skip(SKIP_REASON, () => undefined);
});
