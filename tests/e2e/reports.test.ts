import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addComment,
  giveSiteRole,
  postStory,
  report,
  signUpVerified,
  type StoryView,
  type TestUser,
} from '../helpers/factories';
import {
  DESKTOP,
  MOBILE,
  shows,
  signedInShell,
  startBrowserApp,
  type BrowserApp,
} from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * Reporting a story from its card: the dialog insists on a topic ('select topic to report', gone
 * once one is chosen), and the sent report is listed on /myreports with what was reported. The
 * moderators' queue shows the reported story and comment and opens them.
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
    story = await postStory(app.server, chen, `<p>${storyText} #health</p>`);
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
    // The reporter sees what they reported, and can open it.
    await shows(card.getByText(storyText, { exact: false }));
    await shows(card.getByRole('link', { name: 'Open the story' }));
  }, 90_000);

  it('shows moderators the reported story and comment, not a bare path and id, and opens them', async () => {
    app.screenshotsOnFailure();
    const moderator = await signUpVerified(app.server, { displayName: 'Mona Moderator' });
    await giveSiteRole(app.server, moderator, 'moderator');
    const rude = await addComment(
      app.server,
      asha,
      { itemType: 'stories', itemId: story.id },
      '<p>You are all idiots here</p>',
    );
    const chen = await signUpVerified(app.server, { displayName: 'Chen Again' });
    await report(app.server, chen, { itemType: 'comments', itemId: rude.id, tags: ['abusive'] });
    await report(app.server, chen, { itemType: 'stories', itemId: story.id, comments: 'Scam' });

    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await app.newPage({ as: moderator, viewport });
      await page.goto(`${app.server.url}/reports`);
      const storyCard = page.getByRole('article').filter({ hasText: 'Scam' });
      await shows(storyCard.getByText(storyText, { exact: false }));
      expect(await storyCard.getByText(story.id).count()).toBe(0);
      expect(await storyCard.getByText('Path').count()).toBe(0);
      await storyCard.getByRole('link', { name: 'Open the story' }).click();
      await page.waitForURL(`**/story/${story.id}`);
      await shows(page.getByRole('article').getByText(storyText, { exact: false }));

      await page.goto(`${app.server.url}/reports`);
      const commentCard = page.getByRole('article').filter({ hasText: 'You are all idiots here' });
      await commentCard.getByRole('link', { name: 'Open the comment in its thread' }).click();
      await page.waitForURL(`**/story/${story.id}#comment-${rude.id}`);
      await shows(page.locator(`[id="comment-${rude.id}"]`).getByText('You are all idiots here'));
    }

    // The table names the item too, as the link that opens it.
    const table = await app.newPage({ as: moderator });
    await table.goto(`${app.server.url}/reportsTable`);
    await table.getByRole('link', { name: storyText, exact: false }).first().click();
    await table.waitForURL(`**/story/${story.id}`);
  }, 120_000);
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
