import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_AI_KEY,
  GROQ_MODELS,
  startAiProvider,
  type TestAiProvider,
} from '../helpers/ai-provider';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * /settings/ai in Chromium against a local fake provider: a person walks the 4-step wizard (a
 * wrong key refused in the spec's words, a good one checked by its models), picks a model, names
 * the config and sees it listed as their default, its key never on the page.
 */
describe.skipIf(chromiumMissing)('My AI Configs in the browser', () => {
  let provider: TestAiProvider;
  let app: BrowserApp;
  let person: TestUser;

  beforeAll(async () => {
    provider = await startAiProvider();
    app = await startBrowserApp(provider.env);
    person = await signUpVerified(app.server, { displayName: 'Ada Groq' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  it('walks the wizard with a wrong and then a good key, and lists the config', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: person });
    await page.goto(`${app.server.url}/settings/ai`);
    expect(
      await page.getByRole('tab', { name: 'My AI Configs' }).getAttribute('aria-selected'),
    ).toBe('true');
    await shows(page.getByText('No AI configs yet'));

    await page.getByRole('button', { name: 'New AI config' }).click();
    const dialog = page.getByRole('dialog', { name: 'New AI config' });
    await shows(dialog);
    // Step 1: groq to start with; ChatGPT and Cloud AI are shown but cannot be chosen.
    expect(await dialog.getByRole('radio', { name: 'Groq' }).isChecked()).toBe(true);
    await shows(dialog.getByRole('button', { name: 'ChatGPT: not available yet' }));
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 2: the key is checked by fetching its models.
    const key = dialog.getByLabel('API key');
    await key.fill('gsk_wrong_key_0000000000');
    await shows(dialog.getByText('Invalid API key . Please Enter valid key.'));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await shows(dialog.getByText('Invalid API key . Please Enter valid key.'));
    await key.fill(GOOD_AI_KEY);
    await shows(dialog.getByText('The key works'));
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 3: the key's models.
    await dialog.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: GROQ_MODELS[1]! }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 4: the rules in the server's words, then Save.
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Workshop helper');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('abc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await shows(dialog.getByText('A description is at least 5 characters'));
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Finds problems in stories');
    await dialog.getByRole('button', { name: 'Save' }).click();

    await shows(page.getByText('Workshop helper was saved'));
    await expect.poll(() => dialog.count()).toBe(0);
    const row = page.getByTestId('ai-config-row');
    await shows(row.getByText('Workshop helper'));
    await shows(row.getByText('Default'));
    await shows(row.getByText(`Model: ${GROQ_MODELS[1]}`));
    await shows(row.getByText(`Key ending in ${GOOD_AI_KEY.slice(-4)}`));
    expect(await page.content()).not.toContain(GOOD_AI_KEY);

    // Still there after a reload: it was saved, not only put in the page's cache.
    await page.reload();
    await shows(page.getByTestId('ai-config-row').getByText('Workshop helper'));
  });
});
