import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postStory, signUpVerified, type StoryView, type TestUser } from '../helpers/factories';
import { DESKTOP, shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * Reporting a story from its card: the dialog insists on a topic ('select topic to report', gone
 * once one is chosen), and the sent report is listed on /myreports.
 */
describe.skipIf(chromiumMissing)('reporting a story', () => {
  let app: BrowserApp;
  let asha: TestUser;
  let story: StoryView;
  const storyText = 'Cheap miracle cure, message me to buy';

  beforeAll(async () => {
    app = await startBrowserApp();
    const chen = await signUpVerified(app.server, { displayName: 'Chen Seller' });
    asha = await signUpVerified(app.server, { displayName: 'Asha Reader' });
    story = await postStory(app.server, chen.token, `<p>${storyText} #health</p>`);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('asks for a topic, then sends the report, which shows on /myreports', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: asha, viewport: DESKTOP });
    await page.goto(`${app.server.url}/story/${story.id}`);
    await signedInShell(page);

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report' });
    await shows(dialog);

    await dialog.getByRole('button', { name: 'Report' }).click();
    await shows(dialog.getByText('select topic to report'));
    await dialog.getByRole('checkbox', { name: 'Spam or misleading' }).check();
    await expect.poll(() => dialog.getByText('select topic to report').count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Selling fake medicine');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await shows(page.getByText('Thanks for reporting. A moderator will look at it.'));

    await page.goto(`${app.server.url}/myreports`);
    const card = page.getByRole('article').filter({ hasText: 'Selling fake medicine' });
    await shows(card.getByText('Spam or misleading'));
    await shows(card.getByText('Chen Seller'));
    await shows(card.getByText('Open', { exact: true }));
  }, 90_000);
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
