import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { CREATE_STORY, signUpVerified, type TestUser } from '../helpers/factories';
import { shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/** Where the reader's browser says it is: central Hyderabad. */
const IN_HYDERABAD = { latitude: 17.3871, longitude: 78.4917 };
const CHENNAI = {
  lat: 13.0878,
  lng: 80.2785,
  formattedLocation: 'Chennai, India',
  locationTags: ['Chennai', 'India'],
};

describe.skipIf(chromiumMissing)('places in the browser', () => {
  let app: BrowserApp;
  let author: TestUser;
  const chennaiText = `Beach clean-up at Marina ${Date.now()} #beaches`;
  const hyderabadText = `Lake clean-up at Hussain Sagar ${Date.now()} #lakes`;

  beforeAll(async () => {
    app = await startBrowserApp();
    author = await signUpVerified(app.server, { displayName: 'Meera' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('picks a place by search, then lists stories nearest first and only nearby ones', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: author, geolocation: IN_HYDERABAD });
    const shots = path.join(app.server.dataDir, 'location-shots');
    mkdirSync(shots, { recursive: true });
    await page.goto(`${app.server.url}/stories/recent`);
    await signedInShell(page);

    await page.getByRole('button', { name: 'Post a story' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Story', exact: true }).fill(hyderabadText);
    // The current position is named after the nearest known place; Remove takes it off again.
    await dialog.getByRole('button', { name: 'Use my current position' }).click();
    await shows(dialog.getByText('Chosen location'));
    await shows(dialog.getByText('Hyderabad, India'));
    await dialog.getByRole('button', { name: 'Remove location' }).click();
    // Search starts after more than 3 characters and is not limited to a country in the global space.
    await dialog.getByRole('textbox', { name: 'Search for a place' }).fill('Hyde');
    await shows(dialog.getByRole('button', { name: 'Hyderabad, India' }));
    await page.screenshot({ path: path.join(shots, 'picker-results.png') });
    await dialog.getByRole('button', { name: 'Hyderabad, India' }).click();
    await shows(dialog.getByText('Chosen location'));
    await shows(dialog.getByText('Hyderabad, India'));
    await page.screenshot({ path: path.join(shots, 'picker-chosen.png') });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await shows(page.getByText(hyderabadText));

    // A newer story at Chennai, posted elsewhere, arrives on top of the newest-first feed.
    await gqlData(
      app.server.url,
      CREATE_STORY,
      { input: { story: `<p>${chennaiText}</p>`, location: CHENNAI } },
      { token: author.token },
    );
    const cards = page.getByRole('article');
    await expect.poll(() => cards.nth(0).textContent()).toContain(chennaiText);

    // Nearest first from the browser's position: Hyderabad's story, then Chennai's.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Location (nearest first)');
    await expect.poll(() => cards.count()).toBe(2);
    await expect.poll(() => cards.nth(0).textContent()).toContain(hyderabadText);
    await expect.poll(() => cards.nth(1).textContent()).toContain(chennaiText);
    // The gazetteer's Hyderabad is a few kilometres from the browser's position.
    await shows(cards.nth(0).getByText(/^\d km away$/u));
    // Hyderabad to Chennai is about 520 km as the crow flies.
    await shows(cards.nth(1).getByText(/^5\d\d km away$/u));
    await shows(cards.nth(1).getByText('Chennai, India'));

    await page.getByText('Nearby', { exact: true }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => cards.nth(0).textContent()).toContain(hyderabadText);

    // The map of the space's located posts, for a look at desktop and phone sizes: MapLibre's
    // worker and the outline load under the Content-Security-Policy.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    page.on('pageerror', (error) => refused.push(error.message));
    await page.goto(`${app.server.url}/location`);
    await shows(page.getByRole('link', { name: chennaiText }));
    await shows(page.locator('canvas.maplibregl-canvas'));
    // The world outline is fetched once the map has loaded.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(shots, 'location-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(shots, 'location-mobile.png') });
    expect(refused).toEqual([]);
    console.info(`location screenshots: ${shots}`);
  }, 60_000);

  it('explains how to allow the position when the browser refuses it', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await page.goto(`${app.server.url}/stories/recent`);
    await page.getByText('Nearby', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Location access is blocked' });
    await shows(dialog.getByText('You can also search for a place instead.'));
    await dialog.getByRole('button', { name: 'OK' }).click();
    // Without a position the list stays as it was.
    await expect.poll(() => page.getByRole('radio', { name: 'All' }).isChecked()).toBe(true);
  }, 30_000);
});
