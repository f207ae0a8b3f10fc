import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiProvider, type TestAiProvider } from '../helpers/ai-provider';
import {
  createAiConfig,
  postStory,
  signUpVerified,
  type StoryView,
  type TestUser,
} from '../helpers/factories';
import { DESKTOP, MOBILE, shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * A story's Key topics in Chromium against a local fake provider: a visitor on a phone sees the
 * fallback from the story's hashtags and phrases, said as such; a reader with an AI config asks
 * their provider and sees its entities, a Wikipedia link only where the address is Wikipedia's.
 */
describe.skipIf(chromiumMissing)('Key topics on the story page', () => {
  let provider: TestAiProvider;
  let app: BrowserApp;
  let reader: TestUser;
  let story: StoryView;

  beforeAll(async () => {
    provider = await startAiProvider();
    app = await startBrowserApp(provider.env);
    const author = await signUpVerified(app.server, { displayName: 'Daniel Author' });
    reader = await signUpVerified(app.server, { displayName: 'Ada Reader' });
    await createAiConfig(app.server, reader, { name: 'Groq', description: 'For key topics' });
    story = await postStory(
      app.server,
      author,
      '<p>The hand pump at the Nyalenda school works again. Two caretakers can fix the hand pump now. #water #repair</p>',
    );
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  it('shows a visitor the fallback, said as such, without the AI button', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ viewport: MOBILE });
    await page.goto(`${app.server.url}/story/${story.id}`);
    const panel = page.getByRole('region', { name: 'Key topics' });
    await shows(panel.getByText("From the story's hashtags and phrases"));
    expect(await panel.getByTestId('story-entity').allInnerTexts()).toEqual([
      expect.stringContaining('hand pump'),
      expect.stringContaining('#water'),
      expect.stringContaining('#repair'),
    ]);
    expect(await panel.getByRole('button', { name: 'Analyse with my AI' }).count()).toBe(0);
  }, 60_000);

  it('lets a reader with a config ask their provider, and links only a Wikipedia article', async () => {
    app.screenshotsOnFailure();
    provider.script({
      content: JSON.stringify({
        entities: [
          {
            name: 'hand pump',
            type: 'CONSUMER_GOOD',
            salience: 0.7,
            wikipediaUrl: 'https://en.wikipedia.org/wiki/Hand_pump',
          },
          { name: 'Nyalenda', type: 'LOCATION', salience: 0.3, wikipediaUrl: 'http://evil.test/' },
        ],
      }),
    });
    const page = await app.newPage({ as: reader, viewport: DESKTOP });
    await page.goto(`${app.server.url}/story/${story.id}`);
    const panel = page.getByRole('region', { name: 'Key topics' });
    await panel.getByRole('button', { name: 'Analyse with my AI' }).click();
    await shows(panel.getByText('Found by an AI provider for this version of the story'));
    const link = panel.getByRole('link', { name: 'hand pump on Wikipedia' });
    expect(await link.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Hand_pump');
    expect(await panel.getByRole('link').count()).toBe(1);
    await shows(panel.getByText('Place · 30%'));
    expect(await panel.getByRole('button', { name: 'Analyse with my AI' }).count()).toBe(0);
  }, 60_000);
});
