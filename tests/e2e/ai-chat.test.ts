import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiProvider, type TestAiProvider } from '../helpers/ai-provider';
import { createAiConfig, signUpVerified, type TestUser } from '../helpers/factories';
import { shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * /aichat in Chromium against a local fake provider streaming slowly: a person with a config
 * starts a chat, asks, watches the answer appear word by word, stops it half-way, and the partial
 * answer stays, marked stopped, after a reload too.
 */
describe.skipIf(chromiumMissing)('AI chat in the browser', () => {
  let provider: TestAiProvider;
  let app: BrowserApp;
  let person: TestUser;

  beforeAll(async () => {
    provider = await startAiProvider();
    app = await startBrowserApp(provider.env);
    person = await signUpVerified(app.server, { displayName: 'Ada Chat' });
    // The config as the wizard saves one (tests/e2e/ai-configs.test.ts walks the wizard).
    await createAiConfig(app.server, person, { name: 'Chat helper', description: 'For the chat' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  it('streams an answer and keeps the part before Stop, marked stopped', async () => {
    app.screenshotsOnFailure();
    const words = Array.from({ length: 40 }, (_, index) => `word${index + 1}`);
    const content = words.join(' ');
    provider.script({ content, chunkDelayMs: 250 });

    const page = await app.newPage({ as: person });
    await page.goto(`${app.server.url}/aichat`);
    await shows(page.getByText("You haven't any AI Chats yet"));
    await page.getByRole('button', { name: 'New AI chat' }).click();
    await page.waitForURL(/\/aichat\/[\w-]+$/u);
    // The default config is preselected (once the new chat and the configs are loaded).
    await expect.poll(() => page.getByLabel('AI config').inputValue()).not.toBe('');

    await page.getByRole('textbox', { name: 'Message' }).fill('Count for me, slowly');
    await page.getByRole('button', { name: 'Send' }).click();
    await shows(page.getByTestId('ai-chat-question').getByText('Count for me, slowly'));

    // The answer grows while it streams: first a few words, then more.
    const answer = page.getByTestId('ai-chat-answer');
    await expect.poll(() => answer.textContent(), { timeout: 10_000 }).toContain('word2 ');
    expect(await answer.getAttribute('data-status')).toBe('streaming');
    await expect.poll(() => answer.textContent(), { timeout: 10_000 }).toContain('word4 ');
    await page.getByRole('button', { name: 'Stop' }).click();

    await expect
      .poll(() => answer.getAttribute('data-status'), { timeout: 10_000 })
      .toBe('stopped');
    await shows(answer.getByText('Stopped'));
    const kept = (await answer.locator('p').last().textContent()) ?? '';
    expect(kept.length).toBeGreaterThan(0);
    expect(content.startsWith(kept)).toBe(true);
    expect(kept).not.toContain(words.at(-1)!);
    // The composer is back to Send once the answer ended.
    await shows(page.getByRole('button', { name: 'Send' }));

    // Stored as shown: a reload shows the same partial answer, still stopped.
    await page.reload();
    const reloaded = page.getByTestId('ai-chat-answer');
    await expect.poll(() => reloaded.getAttribute('data-status')).toBe('stopped');
    expect(await reloaded.locator('p').last().textContent()).toBe(kept);
    // The first message named the chat.
    await shows(page.getByRole('heading', { name: 'Count for me, slowly' }));
  });
});
