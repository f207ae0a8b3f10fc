import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startServer } from '../../server/src/start';
import { SKIP_REASON, chromiumMissing, ensureClientBuilt, launchChromium } from './browser';
import { migratedDataDir } from '../helpers/database-templates';

type Running = Awaited<ReturnType<typeof startServer>>;

const PASSWORD = 'sunrise42';
/** How long one UI step may take to show its result on this 2-core machine. */
const STEP_MS = 20_000;

/** The newest e-mail written to the outbox for `to`. */
function latestMail(dataDir: string, to: string): { link: string } {
  const outbox = path.join(dataDir, 'outbox');
  const mail = readdirSync(outbox)
    .sort()
    .map(
      (file) =>
        JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; link: string },
    )
    .filter((item) => item.to === to)
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to} in ${outbox}`);
  return mail;
}

/** Waits until the locator shows (the first match when there are several). */
async function shows(locator: Locator, timeout = STEP_MS) {
  await expect
    .poll(() => locator.first().isVisible(), { timeout, message: `${String(locator)} shows` })
    .toBe(true);
}

/** The error page's '404 Not Found': what an item the viewer may not see answers. */
async function showsNotFound(page: Page) {
  await shows(page.getByRole('heading', { name: '404 Not Found' }));
}

/** The tag suggestions the server answers for `text` (the GraphQL Autocomplete query the page sends). */
async function autocompleteAnswer(page: Page, text: string): Promise<unknown[]> {
  const response = await page.waitForResponse((candidate) => {
    if (!candidate.url().endsWith('/graphql') || candidate.request().method() !== 'POST')
      return false;
    const body = candidate.request().postDataJSON() as {
      operationName?: string;
      variables?: { searchParam?: string };
    } | null;
    return body?.operationName === 'Autocomplete' && body.variables?.searchParam === text;
  });
  const body = (await response.json()) as { data?: { autocomplete?: unknown[] } };
  return body.data?.autocomplete ?? [];
}

describe.skipIf(chromiumMissing)('a private space, end to end', () => {
  let server: Running;
  let browser: Browser;
  let dataDir: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ensureClientBuilt();
    dataDir = migratedDataDir('e2e-private-');
    server = await startServer({
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  /** Sign-up and verification through the REST API (the first-story test covers them in the UI). */
  async function signUp(email: string, displayName: string) {
    const api = (route: string, body: unknown) =>
      fetch(`${server.url}/api${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const signup = await api('/auth/signup', {
      email,
      password: PASSWORD,
      displayName,
      role: 'person',
    });
    expect(signup.status).toBe(201);
    const token = new URL(latestMail(dataDir, email).link).searchParams.get('token');
    expect(token).toBeTruthy();
    const verify = await api('/auth/verify', { token });
    expect(verify.status).toBe(200);
  }

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(STEP_MS);
    contexts.push(context);
    return context.newPage();
  }

  /** A browser of its own, signed in through the login page. */
  async function signedIn(email: string): Promise<Page> {
    const page = await newPage();
    await page.goto(`${server.url}/auth/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/stories/recent');
    return page;
  }

  it('owner creates it, invites a member who accepts; problem, solution, followed tag and feed stay inside', async () => {
    // A failure leaves a screenshot of every browser behind, to see what the person saw.
    onTestFailed(async () => {
      const pages = contexts.flatMap((context) => context.pages());
      for (const [index, page] of pages.entries()) {
        const file = path.join(dataDir, `failure-${index}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
        console.error(`screenshot of ${page.url()}: ${file}`);
      }
    });
    const run = Date.now().toString(36);
    const tag = `well${run}`;
    const spaceName = `Riverside wells ${run}`;
    const purpose = `Keeping the village wells clean ${run}`;
    const problemTitle = `Well water turns brown ${run}`;
    const solutionTitle = `Sand filter at the pump ${run}`;
    const tagPrefix = tag.slice(0, 6);
    const storyText = `We tested the sand filter today ${run} #${tag}`;
    const people = {
      owner: { email: `asha.${run}@example.org`, name: 'Asha Owner' },
      member: { email: `bina.${run}@example.org`, name: 'Bina Member' },
      outsider: { email: `chen.${run}@example.org`, name: 'Chen Outsider' },
    };
    for (const person of Object.values(people)) await signUp(person.email, person.name);
    const [owner, member, outsider] = await Promise.all([
      signedIn(people.owner.email),
      signedIn(people.member.email),
      signedIn(people.outsider.email),
    ]);

    // --- The owner creates the private space from the left drawer and enters it.
    await owner.getByRole('button', { name: 'Toggle navigation' }).click();
    await owner.getByText('Create private space', { exact: true }).click();
    const create = owner.getByRole('dialog', { name: 'New private space' });
    await create.getByRole('textbox', { name: 'Name' }).fill(spaceName);
    await create.getByRole('textbox', { name: 'Purpose' }).fill(purpose);
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await owner.waitForURL(/\/space\/[^/]+\/info$/);
    const spaceId = new URL(owner.url()).pathname.split('/')[2]!;
    await shows(owner.getByRole('heading', { name: spaceName }));
    await shows(owner.getByText(purpose));

    await owner.getByRole('button', { name: 'Enter', exact: true }).click();
    await owner.waitForURL('**/stories/recent');
    await shows(owner.getByRole('heading', { name: `Recent stories in ${spaceName}` }));
    // Creating the space closed the drawer it was started from; opened again, it names the new
    // active space.
    expect(await owner.getByTestId('active-space').count()).toBe(0);
    await owner.getByRole('button', { name: 'Toggle navigation' }).click();
    await shows(owner.getByTestId('active-space').getByText(spaceName, { exact: true }));
    await owner.getByRole('button', { name: 'Toggle navigation' }).click();

    // --- The owner invites the member: Manage → Invite → search by name → tick → Send Invite.
    await owner.goto(`${server.url}/space/${spaceId}/info`);
    await owner.getByRole('link', { name: 'Manage' }).click();
    await owner.waitForURL(`**/space/${spaceId}/manage/participants`);
    await owner.getByRole('button', { name: 'Invite', exact: true }).click();
    const invite = owner.getByRole('dialog', { name: 'Invite to Space' });
    await invite.getByRole('textbox', { name: 'Search users' }).fill('Bin');
    const memberBox = invite.getByRole('checkbox', { name: people.member.name });
    await shows(memberBox);
    expect(await invite.getByRole('checkbox', { name: people.outsider.name }).count()).toBe(0);
    await memberBox.check();
    await invite.getByRole('button', { name: 'Send Invite' }).click();
    await shows(owner.getByText('Members invited successfully'));
    await owner.getByRole('tab', { name: 'Invited' }).click();
    await shows(owner.getByText(people.member.name));

    // --- The member sees the invitation badge in the drawer, accepts, and enters the space.
    await member.reload();
    await member.getByRole('button', { name: 'Toggle navigation' }).click();
    const badge = member.getByLabel('Invitations: 1');
    await shows(badge);
    await badge.click();
    await member.waitForURL('**/spaces/private/active');
    await member.getByRole('tab', { name: 'Invited' }).click();
    await member.waitForURL('**/spaces/private/invited');
    await shows(member.getByText(spaceName));
    // The invitation names who invited; the space's people stay hidden until it is accepted.
    await shows(member.getByText(`Invited by ${people.owner.name}`));
    expect(await member.getByText(/^Participants:/u).count()).toBe(0);
    await member.getByRole('button', { name: 'Accept' }).click();
    await shows(member.getByText('Invitation accepted'));
    // Accepting takes the member into the space (not back to an Invited list now empty): its
    // page opens, and it is their active space.
    await member.waitForURL(`**/space/${spaceId}/info`);
    await shows(member.getByRole('heading', { name: spaceName, level: 1 }));
    await member
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Perspectives' })
      .click();
    await member.waitForURL('**/stories/recent');
    await shows(member.getByRole('heading', { name: `Recent stories in ${spaceName}` }));

    // --- The owner posts a problem with a hashtag through the plus button's 3-step dialog.
    await owner.getByRole('button', { name: 'Create', exact: true }).click();
    await owner.getByRole('menuitem', { name: 'Problem' }).click();
    const addProblem = owner.getByRole('dialog', { name: 'Add Problem' });
    await addProblem.getByRole('textbox', { name: 'Title', exact: true }).fill(problemTitle);
    await addProblem
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill(`Since the rains the water of the east well is brown #${tag} and smells of iron.`);
    await addProblem.getByRole('button', { name: 'Next', exact: true }).click();
    await shows(addProblem.getByText('Step 2 of 3'));
    await addProblem.getByRole('button', { name: 'Next', exact: true }).click();
    await shows(addProblem.getByText('Step 3 of 3'));
    await addProblem.getByRole('button', { name: 'Publish', exact: true }).click();
    await owner.waitForURL(/\/problem\/[^/]+\/info$/);
    const problemPath = new URL(owner.url()).pathname;
    await shows(owner.getByText(`#${tag}`));

    // --- The member finds the problem under Problems and adds a solution (the 4-step dialog).
    await member
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Problems' })
      .click();
    await member.waitForURL('**/problems/recent');
    await member.getByRole('link', { name: problemTitle }).first().click();
    await member.waitForURL(`**${problemPath}`);
    await member.getByRole('tab', { name: 'Solutions' }).click();
    await member.getByRole('button', { name: 'Add solution' }).click();
    const addSolution = member.getByRole('dialog', { name: 'Add Solution' });
    await shows(addSolution.getByText('Step 1 of 4'));
    await shows(addSolution.getByRole('radio', { name: people.member.name }));
    await addSolution.getByRole('button', { name: 'Next', exact: true }).click();
    await addSolution.getByRole('textbox', { name: 'Title', exact: true }).fill(solutionTitle);
    await addSolution
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('A barrel of washed sand and gravel between the pump and the tap.');
    await addSolution.getByRole('button', { name: 'Next', exact: true }).click();
    await shows(addSolution.getByText('Step 3 of 4'));
    await addSolution.getByRole('button', { name: 'Next', exact: true }).click();
    await shows(addSolution.getByText('Step 4 of 4'));
    await addSolution.getByRole('button', { name: 'Publish', exact: true }).click();
    await shows(member.getByText('Solution added successfully'));
    const solutionLink = member.getByRole('link', { name: solutionTitle });
    await shows(solutionLink);
    const solutionPath = (await solutionLink.first().getAttribute('href'))!;
    expect(solutionPath).toMatch(/\/solutions\/[^/]+\/info$/);

    // --- The member follows the problem's tag: the follow-tags dialog suggests it as they type.
    await member.getByRole('button', { name: 'Account menu' }).click();
    await member.getByRole('menuitem', { name: 'Following' }).click();
    await member.waitForURL('**/stories/feed');
    await shows(member.getByText('You are not following any tags (yet)!'));
    await member.getByRole('button', { name: 'Follow tags' }).click();
    const memberFollow = member.getByRole('dialog', { name: 'Follow tags' });
    await memberFollow.getByLabel('Add a tag', { exact: true }).pressSequentially(tagPrefix);
    await member.getByRole('option', { name: `#${tag}`, exact: true }).click();
    await shows(memberFollow.getByText(`#${tag}`));
    await memberFollow.getByRole('button', { name: 'Save' }).click();
    await shows(member.getByText('Followed tags updated'));
    await shows(member.getByLabel('Tags you follow').getByText(`#${tag}`));
    await shows(member.getByText('No stories with your tags in this space yet'));

    // The space's tags page (drawer → This Space → Tags → Open tags) shows it as followed.
    await member.getByRole('button', { name: 'Toggle navigation' }).click();
    await member
      .getByRole('navigation', { name: 'Spaces and language' })
      .getByText('Tags', { exact: true })
      .click();
    await member.waitForURL(`**/space/${spaceId}/tags`);
    await member.getByRole('link', { name: 'Open tags' }).click();
    await member.waitForURL('**/tags');
    await shows(member.getByRole('button', { name: `Unfollow #${tag}` }));

    // --- The owner posts a story with the tag; the member's following feed shows it.
    await owner.goto(`${server.url}/stories/recent`);
    await owner.getByRole('button', { name: 'Post a story' }).click();
    const story = owner.getByRole('dialog');
    await story.getByRole('textbox', { name: 'Story', exact: true }).fill(storyText);
    await story.getByRole('button', { name: 'Publish' }).click();
    await shows(owner.getByText(storyText));

    await member.getByRole('button', { name: 'Account menu' }).click();
    await member.getByRole('menuitem', { name: 'Following' }).click();
    await member.waitForURL('**/stories/feed');
    await shows(member.getByLabel('Tags you follow').getByText(`#${tag}`));
    const storyCard = member.getByRole('article').filter({ hasText: storyText });
    await shows(storyCard);
    const storyPath = (await storyCard.locator('a[href^="/story/"]').first().getAttribute('href'))!;

    // --- The outsider, signed in but not a participant, sees none of it.
    const hidden = [problemTitle, solutionTitle, storyText, spaceName, purpose];
    const showsNoneOf = async (page: Page) => {
      for (const text of hidden) expect(await page.getByText(text).count(), text).toBe(0);
    };

    for (const item of [
      problemPath,
      solutionPath,
      `/solution/${solutionPath.split('/').at(-2)}/info`,
      storyPath,
    ]) {
      await outsider.goto(`${server.url}${item}`);
      await showsNotFound(outsider);
      await showsNoneOf(outsider);
    }
    await outsider.goto(`${server.url}/problems/recent`);
    await shows(outsider.getByText('No problems yet'));
    await showsNoneOf(outsider);
    await outsider.goto(`${server.url}/solutions/recent`);
    await shows(outsider.getByText('No solutions yet'));
    await showsNoneOf(outsider);
    await outsider.goto(`${server.url}/stories/recent`);
    await shows(outsider.getByText('No stories yet'));
    await showsNoneOf(outsider);
    await outsider.goto(`${server.url}/tags/${tag}`);
    await showsNotFound(outsider);
    await outsider.goto(`${server.url}/tags`);
    await shows(outsider.getByText('No tags in this space yet'));
    expect(await outsider.getByText(tag).count()).toBe(0);

    // The space's pages: the request-access view, neither its name, its purpose nor its people.
    for (const tab of ['info', 'participants']) {
      await outsider.goto(`${server.url}/space/${spaceId}/${tab}`);
      await shows(
        outsider.getByRole('heading', { name: 'This space is private or no longer exists' }),
      );
      await shows(outsider.getByRole('button', { name: 'Request access' }));
      await showsNoneOf(outsider);
      expect(await outsider.getByText(people.member.name).count()).toBe(0);
    }

    // Following the same tag from the follow-tags dialog: no suggestion, and an empty feed.
    await outsider.goto(`${server.url}/stories/feed`);
    await outsider.getByRole('button', { name: 'Follow tags' }).click();
    const follow = outsider.getByRole('dialog', { name: 'Follow tags' });
    const tagInput = follow.getByLabel('Add a tag', { exact: true });
    const suggested = autocompleteAnswer(outsider, tagPrefix);
    await tagInput.pressSequentially(tagPrefix);
    expect(await suggested).toEqual([]);
    expect(await outsider.getByRole('option', { name: tag }).count()).toBe(0);
    await tagInput.fill(tag);
    await tagInput.press('Enter');
    await shows(follow.getByText(`#${tag}`));
    await follow.getByRole('button', { name: 'Save' }).click();
    await shows(outsider.getByText('No stories with your tags in this space yet'));
    await showsNoneOf(outsider);

    // Asked directly, the autocomplete and the problem list of the private space answer 404.
    const autocomplete = await outsider.request.get(
      `${server.url}/api/autocomplete/search?searchParam=${tagPrefix}&collection=tags&spaceId=${spaceId}`,
    );
    expect(autocomplete.status()).toBe(404);
    const problems = await outsider.request.get(`${server.url}/api/problems?spaceId=${spaceId}`);
    expect(problems.status()).toBe(404);
    // For the member the same autocomplete finds the tag: the 404 above is privacy, not a broken route.
    const memberAutocomplete = await member.request.get(
      `${server.url}/api/autocomplete/search?searchParam=${tagPrefix}&collection=tags&spaceId=${spaceId}`,
    );
    expect(memberAutocomplete.status()).toBe(200);
    expect(JSON.stringify(await memberAutocomplete.json())).toContain(tag);

    // --- A signed-out visitor sees none of it either.
    const visitor = await newPage();
    for (const item of [problemPath, solutionPath, storyPath, `/tags/${tag}`]) {
      await visitor.goto(`${server.url}${item}`);
      await showsNotFound(visitor);
      await showsNoneOf(visitor);
    }
    await visitor.goto(`${server.url}/space/${spaceId}/info`);
    await shows(
      visitor.getByRole('heading', { name: 'This space is private or no longer exists' }),
    );
    await showsNoneOf(visitor);
    await visitor.goto(`${server.url}/stories/recent`);
    await shows(visitor.getByText('No stories yet'));
    await showsNoneOf(visitor);
    await visitor.goto(`${server.url}/problems/recent`);
    await shows(visitor.getByText('No problems yet'));
    await showsNoneOf(visitor);
  }, 120_000);
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
