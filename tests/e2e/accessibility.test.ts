import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUpVerified,
  postStory,
  type TestUser,
  postProblem,
  postSkill,
  postSolution,
  createChannel,
  createMap,
  createPrivateSpace,
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

/** axe-core's browser bundle, evaluated in the page (a CSP would refuse it as an inline script tag). */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
/** WCAG 2.1 A and AA plus axe's best practices; only serious and critical findings fail the test. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** One page to check: where it is, what shows once its content has loaded, and an optional step. */
interface Check {
  path: string;
  ready: (page: Page) => Locator;
  /** Brings the page into the state to check (opens a dialog) after `ready` shows. */
  then?: (page: Page) => Promise<void>;
  label?: string;
}

/** What is wrong on one page, as lines a developer can act on (empty when nothing is). */
interface Finding {
  page: string;
  problems: string[];
  violations: AxeViolation[];
}

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Transitions (a dialog fading in) make axe read half-transparent colours: let them end. Endless
  // animations (a loading skeleton's pulse) never do and do not fade text.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const results = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: AxeViolation[];
    };
    return results.violations;
  }, AXE_TAGS);
  return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/** Clicks the button and waits for the menu it opens. */
async function openMenu(page: Page, button: string | RegExp) {
  await page.getByRole('button', { name: button }).first().click();
  // The account menu's items load with its first opening (app/UserMenuItems.tsx).
  await shows(page.getByRole('menu').getByRole('menuitem'));
}

/** Clicks the button and waits for the dialog it opens. */
async function openDialog(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await shows(page.getByRole('dialog'));
}

/**
 * Checks one page at one width. `loaded`: the page is already showing at another width (the
 * viewport changes in place; a page whose check opens something is opened afresh instead).
 */
async function check(
  page: Page,
  baseUrl: string,
  item: Check,
  viewport: Viewport,
  loaded: boolean,
): Promise<Finding> {
  const name = `${item.label ?? item.path} at ${viewport.width}×${viewport.height}`;
  await page.setViewportSize(viewport);
  if (!loaded || item.then) {
    await page.goto(`${baseUrl}${item.path}`);
    await shows(item.ready(page));
    await item.then?.(page);
  }
  const problems: string[] = [];
  const headings = await page.getByRole('heading', { level: 1 }).count();
  if (headings !== 1) problems.push(`has ${headings} h1 headings (want exactly one)`);
  const mains = await page.getByRole('main').count();
  if (mains !== 1) problems.push(`has ${mains} main landmarks (want exactly one)`);
  const violations = await seriousViolations(page);
  for (const violation of violations) {
    problems.push(
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.length} elements)`,
      ...violation.nodes.slice(0, 4).map((node) => {
        const summary = (node.failureSummary ?? '').split('\n')[1]?.trim() ?? '';
        return `    ${node.html.slice(0, 160)}\n      at ${node.target.join(' ')}: ${summary}`;
      }),
    );
  }
  return { page: name, problems, violations };
}

/**
 * Checks every page in turn on one browser page, at desktop then mobile width, and fails once,
 * listing all that is wrong.
 */
async function expectAccessible(page: Page, baseUrl: string, checks: Check[]) {
  const findings: Finding[] = [];
  for (const item of checks) {
    findings.push(await check(page, baseUrl, item, DESKTOP, false));
    findings.push(await check(page, baseUrl, item, MOBILE, true));
  }
  const byRule = new Map<string, number>();
  for (const { violations } of findings) {
    for (const violation of violations) {
      byRule.set(violation.id, (byRule.get(violation.id) ?? 0) + violation.nodes.length);
    }
  }
  const tally = [...byRule].map(([rule, count]) => `${rule}: ${count}`).join(', ');
  const report = findings
    .filter((finding) => finding.problems.length > 0)
    .map((finding) => `${finding.page}\n  ${finding.problems.join('\n  ')}`);
  expect(
    report.length,
    `serious or critical elements by rule: ${tally || 'none'}\n` +
      `${report.join('\n')}\npages with problems`,
  ).toBe(0);
}

describe.skipIf(chromiumMissing)('the main pages pass WCAG AA (axe-core)', () => {
  let app: BrowserApp;
  let member: TestUser;
  const content = {
    storyId: '',
    problemId: '',
    solutionId: '',
    spaceId: '',
    spaceName: '',
    graphMapId: '',
    boardId: '',
    channelId: '',
  };
  const STORY_TEXT = 'The school well runs dry every May';
  const PROBLEM_NAME = 'Wells run dry before the rains';
  const SOLUTION_NAME = 'Rainwater tanks on school roofs';
  const SKILL_NAME = 'Masonry for water tanks';

  beforeAll(async () => {
    app = await startBrowserApp();
    member = await signUpVerified(app.server, { displayName: 'Lakshmi Rao' });
    const story = await postStory(app.server, member, `<p>${STORY_TEXT} #water #schools</p>`);
    const problem = await postProblem(app.server, member, PROBLEM_NAME);
    const solution = await postSolution(app.server, member, {
      name: SOLUTION_NAME,
      problemId: problem.id,
    });
    await postSkill(app.server, member, { name: SKILL_NAME });
    const space = await createPrivateSpace(app.server, member, { name: 'Village water committee' });
    const graphMap = await createMap(app.server, member, { name: 'Wells and rains' });
    const board = await createMap(app.server, member, { name: 'Wells board', type: 'kanban' });
    const channel = await createChannel(app.server, member, { name: 'Well diggers' });
    Object.assign(content, {
      channelId: channel.id,
      graphMapId: graphMap.id,
      boardId: board.id,
      storyId: story.id,
      problemId: problem.id,
      solutionId: solution.id,
      spaceId: space.id,
      spaceName: space.name,
    });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  /** The pages anyone may open, with what shows once each has its content. */
  const publicPages = (): Check[] => [
    { path: '/stories/recent', ready: (page) => page.getByText(STORY_TEXT) },
    { path: `/story/${content.storyId}`, ready: (page) => page.getByText(STORY_TEXT) },
    { path: '/problems/recent', ready: (page) => page.getByText(PROBLEM_NAME) },
    {
      path: `/problem/${content.problemId}`,
      ready: (page) => page.getByRole('heading', { name: PROBLEM_NAME }),
    },
    { path: '/solutions/recent', ready: (page) => page.getByText(SOLUTION_NAME) },
    {
      path: `/solution/${content.solutionId}`,
      ready: (page) => page.getByRole('heading', { name: SOLUTION_NAME }),
    },
    { path: '/skills', ready: (page) => page.getByText(SKILL_NAME) },
    { path: '/tags', ready: (page) => page.getByText('#water', { exact: true }) },
    { path: '/tags/water', ready: (page) => page.getByRole('heading', { name: 'water' }) },
    {
      path: '/spaces/countries',
      ready: (page) => page.getByRole('heading', { name: 'Country spaces' }),
    },
    { path: '/pricing/options', ready: (page) => page.getByRole('heading', { name: 'Bump Star' }) },
    { path: '/benefits/compare', ready: (page) => page.getByRole('table') },
  ];

  const signedOutPages = (): Check[] => [
    ...publicPages(),
    { path: '/auth/login', ready: (page) => page.getByRole('button', { name: 'Continue' }) },
    { path: '/auth/signUp', ready: (page) => page.getByRole('button', { name: 'Sign up' }) },
    {
      path: '/stories/recent',
      label: '/stories/recent with the login box open',
      ready: (page) => page.getByText(STORY_TEXT),
      then: (page) => openDialog(page, 'Sign in'),
    },
  ];

  const signedInPages = (): Check[] => [
    ...publicPages(),
    {
      path: `/space/${content.spaceId}`,
      ready: (page) => page.getByRole('heading', { name: content.spaceName }),
    },
    { path: '/dashboard', ready: (page) => page.getByRole('heading', { name: /^Dashboard/ }) },
    { path: '/settings/profile', ready: (page) => page.getByLabel('Display name') },
    {
      path: '/settings/extensions',
      ready: (page) => page.getByRole('heading', { name: 'Apps and access tokens' }),
    },
    {
      path: '/settings/account',
      ready: (page) => page.getByText('Signed-in sessions'),
    },
    {
      path: '/settings/subscriptions',
      ready: (page) => page.getByText('You are on the free Public plan'),
    },
    {
      path: '/settings/ai',
      ready: (page) => page.getByRole('heading', { name: 'My AI Configs' }),
    },
    // An open conversation's name is the chat page's heading; its info page has its own.
    {
      path: `/chat/${content.channelId}`,
      ready: (page) => page.getByRole('heading', { name: 'Chat: Well diggers', level: 1 }),
    },
    {
      path: `/chat/${content.channelId}/info`,
      ready: (page) => page.getByRole('list', { name: 'Group Members' }),
    },
    {
      path: `/graphviews/${content.graphMapId}`,
      ready: (page) => page.locator('[data-testid="graph-map"][data-ready="true"]'),
    },
    { path: `/graphviews/${content.boardId}`, ready: (page) => page.getByText(PROBLEM_NAME) },
    {
      path: '/stories/recent',
      label: '/stories/recent with the story dialog open',
      ready: (page) => page.getByText(STORY_TEXT),
      then: (page) => openDialog(page, 'Post a story'),
    },
    {
      path: '/stories/recent',
      label: '/stories/recent with the account menu open',
      ready: (page) => page.getByText(STORY_TEXT),
      then: (page) => openMenu(page, 'Account menu'),
    },
    {
      path: '/stories/recent',
      label: '/stories/recent with the create menu open',
      ready: (page) => page.getByText(STORY_TEXT),
      then: (page) => openMenu(page, /^Create$/),
    },
  ];

  it('signed out, at desktop and mobile widths: one h1, one main, no serious or critical axe findings', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    await expectAccessible(page, app.server.url, signedOutPages());
  }, 300_000);

  it('signed in, at desktop and mobile widths: one h1, one main, no serious or critical axe findings', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage({ as: member });
    await expectAccessible(page, app.server.url, signedInPages());
  }, 300_000);
});

describe.skipIf(!chromiumMissing)('the main pages pass WCAG AA (axe-core)', () => {
  it.skip(SKIP_REASON, () => undefined);
});
