import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAiProvider, type TestAiProvider } from '../helpers/ai-provider';
import { createAiConfig, postProblem, signUpVerified, type TestUser } from '../helpers/factories';
import { shows, startBrowserApp, type BrowserApp } from './app-in-browser';
import { chromiumMissing } from './browser';

/**
 * The AI helper on a problem's page in Chromium against a local fake provider: its author asks
 * for solutions, sees them unpublished, publishes one (a real solution under the problem, which
 * the link opens) and finds the run kept as the problem's AI analysis and counted in settings.
 */
describe.skipIf(chromiumMissing)('AI helpers in the browser', () => {
  let provider: TestAiProvider;
  let app: BrowserApp;
  let person: TestUser;

  beforeAll(async () => {
    provider = await startAiProvider();
    app = await startBrowserApp(provider.env);
    person = await signUpVerified(app.server, { displayName: 'Ada Helper' });
    await createAiConfig(app.server, person, {
      name: 'Workshop helper',
      description: 'Finds solutions',
    });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await provider?.stop();
  });

  it('identifies solutions for a problem and publishes one', async () => {
    app.screenshotsOnFailure();
    const problem = await postProblem(app.server, person, 'Wells run dry every summer');
    provider.script({
      content: JSON.stringify({
        items: [
          { name: 'Rainwater tanks', description: 'Collect the monsoon rain on every roof.' },
          { name: 'Deeper borehole', description: 'Drill below the summer water table.' },
        ],
      }),
    });
    const page = await app.newPage({ as: person });
    await page.goto(`${app.server.url}/problem/${problem.id}/info`);
    const card = page.getByTestId('problem-ai');
    await shows(card.getByText('No AI analysis of this problem yet.'));
    await card.getByRole('button', { name: 'Ask AI' }).click();
    await card.getByText('Solutions', { exact: true }).click();
    await card.getByRole('button', { name: 'Identify Solutions' }).click();

    // The author's run is the problem's analysis: both items, unpublished.
    const result = card.getByTestId('ai-result');
    await shows(result.getByText('Rainwater tanks'));
    await shows(result.getByText('Drill below the summer water table.'));
    await result.getByRole('button', { name: 'Publish Rainwater tanks' }).click();
    await shows(page.getByText('Rainwater tanks was published'));
    await shows(result.getByRole('link', { name: 'Published' }));
    expect(await result.getByRole('button', { name: 'Publish Deeper borehole' }).count()).toBe(1);

    // What the provider read is the problem, not more.
    const sent = JSON.stringify(provider.completions().at(-1)?.body);
    expect(sent).toContain('Wells run dry every summer');

    await result.getByRole('link', { name: 'Published' }).click();
    await page.waitForURL(new RegExp(`/problem/${problem.id}/solutions/`));
    await shows(page.getByRole('heading', { name: 'Rainwater tanks' }));

    await page.goto(`${app.server.url}/settings/ai`);
    await shows(page.getByText('1 call'));
  });
});
