import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postProblem,
  postSkill,
  postSolution,
  postStory,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import {
  DESKTOP,
  MOBILE,
  shows,
  startBrowserApp,
  type BrowserApp,
  type Viewport,
} from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * What a newcomer reads on cards and post pages: each hashtag once, where its author wrote it, as
 * a link to its tag (a chip only for a tag the shown text does not carry), and a problem's
 * counters saying what they count ('1 solution'), on a phone too, in English and Telugu.
 */

/** How many times `#tag` is written in what the element shows. */
const timesWritten = (element: Locator, tag: string) =>
  element.evaluate(
    (node, word) =>
      (node as HTMLElement).innerText.split(/[\s.,]+/u).filter((part) => part === word).length,
    `#${tag}`,
  );

/** The tag shows exactly once in `element`, and that once is a link to the tag's page. */
async function tagShownOnce(element: Locator, tag: string) {
  await shows(element);
  expect(await timesWritten(element, tag), `#${tag} in ${String(element)}`).toBe(1);
  const link = element.locator(`a[href="/tags/${tag}/info"]`);
  expect(await link.count(), `a link to #${tag}`).toBe(1);
  return link;
}

describe.skipIf(chromiumMissing)('cards and post pages for a newcomer', () => {
  let app: BrowserApp;
  let author: TestUser;
  let problemId: string;
  let solutionId: string;
  let skillId: string;

  beforeAll(async () => {
    app = await startBrowserApp();
    const { server } = app;
    author = await signUpVerified(server, { displayName: 'Tagging Author' });
    await postStory(server, author, '<p>Rain barrels for the #water shortage</p>');
    const problem = await postProblem(server, author, 'Dry wells in the #village', {
      description: '<p>Wells run dry every May. #water</p>',
    });
    problemId = problem.id;
    solutionId = (
      await postSolution(server, author, {
        name: 'Collect #rain water',
        description: '<p>Plant drought resistant trees #water</p>',
        problemId,
      })
    ).id;
    skillId = (
      await postSkill(server, author, {
        name: 'Well #digging',
        description: '<p>Deep wells by hand #water</p>',
      })
    ).id;
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

  it('shows each hashtag once, as a link to its tag, on cards and post pages', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    const base = app.server.url;

    await page.goto(`${base}/stories/recent`);
    const story = card(page, 'Rain barrels');
    await (await tagShownOnce(story, 'water')).click();
    await page.waitForURL('**/tags/water/info');

    await page.goto(`${base}/problems/recent`);
    const problem = card(page, 'Dry wells');
    await tagShownOnce(problem, 'water');
    // Written in the title, which links to the problem: shown there, once, without a chip.
    expect(await timesWritten(problem, 'village')).toBe(1);

    await page.goto(`${base}/problem/${problemId}/info`);
    const main = page.locator('main');
    await shows(main.getByText('Wells run dry every May.'));
    await tagShownOnce(main.getByRole('heading', { level: 1 }), 'village');
    await tagShownOnce(main, 'water');
    await tagShownOnce(main, 'village');

    // A solution card shows no description: its #water is a chip; #rain is in its title.
    await page.goto(`${base}/solutions/recent`);
    const solution = card(page, 'Collect');
    await tagShownOnce(solution, 'water');
    expect(await timesWritten(solution, 'rain')).toBe(1);

    await page.goto(`${base}/solution/${solutionId}/info`);
    await shows(main.getByText('Plant drought resistant trees'));
    await tagShownOnce(main, 'water');
    await tagShownOnce(main, 'rain');

    await page.goto(`${base}/skills/public`);
    const skill = card(page, 'Well');
    await tagShownOnce(skill, 'water');
    expect(await timesWritten(skill, 'digging')).toBe(1);

    await page.goto(`${base}/skill/${skillId}/info`);
    await shows(main.getByText('Deep wells by hand'));
    await tagShownOnce(main, 'water');
    await tagShownOnce(main, 'digging');
  });

  /** The problem's counter chips: their visible text, and whether they fit the window's width. */
  async function counters(scope: Locator, viewport: Viewport) {
    const chips = scope
      .getByRole('group', { name: /Counters|లెక్కలు/u })
      .first()
      .getByRole('link');
    await shows(chips);
    const texts = (await chips.allInnerTexts()).map((text) => text.trim());
    const boxes = await Promise.all((await chips.all()).map((chip) => chip.boundingBox()));
    const fit = boxes.every((box) => box && box.x >= 0 && box.x + box.width <= viewport.width);
    return { texts, fit };
  }

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    it(`labels a problem's counters in words on its card and page (${name})`, async () => {
      app.screenshotsOnFailure();
      const page = await app.newPage({ viewport });
      await page.goto(`${app.server.url}/problems/recent`);
      const onCard = await counters(card(page, 'Dry wells'), viewport);
      expect(onCard.texts).toEqual(expect.arrayContaining(['1 solution', 'Info']));
      for (const text of onCard.texts)
        expect(text).toMatch(/^(\d+ (impacted|stor(y|ies)|recipes?|solvers?|solutions?)|Info)$/u);
      expect(onCard.fit).toBe(true);

      await page.goto(`${app.server.url}/problem/${problemId}/info`);
      const onPage = await counters(page.locator('main'), viewport);
      expect(onPage.texts).toEqual(onCard.texts);
      expect(onPage.fit).toBe(true);

      const telugu = await app.newPage({ viewport, locale: 'te' });
      await telugu
        .context()
        .addCookies([{ name: 'i18n_redirected', value: 'te', url: app.server.url }]);
      await telugu.goto(`${app.server.url}/problem/${problemId}/info`);
      const inTelugu = await counters(telugu.locator('main'), viewport);
      expect(inTelugu.texts).toContain('1 పరిష్కారం');
      expect(inTelugu.texts).toContain('0 కథనాలు');
      expect(inTelugu.fit).toBe(true);
    });
  }
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
