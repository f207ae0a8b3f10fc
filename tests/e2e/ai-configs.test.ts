import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_AI_KEY,
  GROQ_MODELS,
  startAiProvider,
  type TestAiProvider,
} from '../helpers/ai-provider';
import { gqlData } from '../helpers/clients';
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

  it('edits with the key and provider locked, moves the default and deletes after asking', async () => {
    app.screenshotsOnFailure();
    // A second config, saved through the API as the wizard saves one.
    await gqlData(
      app.server.url,
      `mutation($input: CreateAiConfigInput!) { createAiConfig(input: $input) { id } }`,
      {
        input: {
          provider: 'groq',
          apiKey: GOOD_AI_KEY,
          model: GROQ_MODELS[0],
          name: 'Second helper',
          description: 'For the school group',
        },
      },
      { token: person.token },
    );
    const page = await app.newPage({ as: person });
    await page.goto(`${app.server.url}/settings/ai`);
    await page.getByRole('button', { name: 'Edit Second helper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit AI config' });
    await shows(dialog);
    expect(await dialog.getByRole('radio', { name: 'Groq' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    // The saved key is checked through the config, never sent to the page.
    await shows(dialog.getByText('The key works'));
    expect(await dialog.getByLabel('API key').isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('School helper');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await shows(page.getByText('School helper was updated'));

    await page.getByRole('button', { name: 'Make School helper your default' }).click();
    await shows(page.getByText('School helper is now your default'));
    const rows = page.getByTestId('ai-config-row');
    await shows(rows.filter({ hasText: 'School helper' }).getByText('Default'));
    await expect
      .poll(() => rows.filter({ hasText: 'Workshop helper' }).getByText('Default').count())
      .toBe(0);

    await page.getByRole('button', { name: 'Delete Workshop helper' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Workshop helper?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await shows(page.getByText('Workshop helper was deleted'));
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.content()).not.toContain(GOOD_AI_KEY);
  });
});
