import { isValidElement, type ComponentType } from 'react';
import type { Locator, Page } from 'playwright-core';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CatchAll } from '../../client/src/app/CatchAll';
import { routes } from '../../client/src/app/router';
import { ComingSoon } from '../../client/src/components/ComingSoon';
import { gqlData } from '../helpers/clients';
import {
  postStory,
  signUpVerified,
  type StoryOptions,
  type TestUser,
  postProblem,
  postSkill,
  postSolution,
  CHANGE_SPACE,
  createPrivateSpace,
  giveSiteRole,
  createMap,
  addWaypoint,
} from '../helpers/factories';
import {
  DESKTOP,
  MOBILE,
  shows,
  signedInShell,
  startBrowserApp,
  STEP_MS,
  type BrowserApp,
  type Viewport,
} from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

// The router's own route table is the list of pages to reach. Importing it runs the client's
// modules in Node: the two that touch the browser when loaded (the websocket client, the language
// cookie) are not needed for reading the table, and the router itself is never created here.
vi.mock('../../client/src/app/apollo', () => ({}));
vi.mock('../../client/src/app/i18n', () => ({}));
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react-router')>()),
  createBrowserRouter: () => null,
}));

/**
 * Every page the app has is reached from the navigation the spec describes: the user menu, the
 * left drawer with This Space Menu, the main tabs (top bar on desktop, bottom bar on mobile), and
 * from there the tabs and links of the pages themselves. Each followed link opens a page (never
 * the 404 page or a blank one); a menu entry opens 'coming soon' exactly when it says so. Then
 * every page route of the router must have been reached, so a page added without a way to it
 * fails here.
 */

// --- The router's pages -------------------------------------------------------------------------

// 'pdf' is opened from a PDF's media viewer with the file to show (tests/e2e/pdf-viewer.test.ts);
// 'oauth/authorize' by an OAuth app asking for consent (tests/e2e/oauth-consent.test.ts); 'stripe'
// by Stripe Checkout coming back (tests/e2e/billing.test.ts).
const SPEC_LEAF_EXCLUSIONS = new Set(['*', '404', 'error', 'pdf', 'oauth/authorize', 'stripe']);

const joinPath = (parent: string, path: string | undefined) =>
  [parent, path ?? ''].filter(Boolean).join('/');

const isRedirect = (route: RouteObject) =>
  isValidElement(route.element) && route.element.type === Navigate;

/**
 * Page routes: leaves that render a page of their own. Left out: redirects, 'coming soon' routes,
 * the 404/error/catch-all routes, and /auth/*, which the e-mails and the login box lead to (a
 * signed-in person has nothing to do there).
 */
function pagePatterns(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const pattern = joinPath(parent, route.path);
    if (route.children) return pagePatterns(route.children, pattern);
    if (route.index || isRedirect(route) || route.Component === ComingSoon) return [];
    if (SPEC_LEAF_EXCLUSIONS.has(route.path ?? '') || pattern.startsWith('auth')) return [];
    return [pattern];
  });
}

const PAGE_PATTERNS = pagePatterns(routes);

/** Params whose values name a tab: a page per value, so each one is explored on its own. */
const TAB_PARAMS = new Set(['tab', 'kind']);

interface Place {
  /** The route's path pattern, e.g. 'problem/:id/:tab'. */
  pattern: string;
  /** What makes a page worth exploring once: the pattern with tab values filled in. */
  key: string;
  /** Only 'coming soon' can show there (a later issue's page). */
  comingSoon: boolean;
}

function placeOf(pathname: string): Place {
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches.at(-1);
  const pattern = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join('/');
  const params = leaf?.params ?? {};
  const key = pattern
    .split('/')
    .map((part) => {
      const name = part.startsWith(':') ? part.slice(1) : null;
      return name && TAB_PARAMS.has(name) ? (params[name] ?? part) : part;
    })
    .join('/');
  const element = leaf?.route.element;
  const component: ComponentType | undefined =
    leaf?.route.Component ??
    (isValidElement(element) ? (element.type as ComponentType) : undefined);
  const catchAll = component === CatchAll;
  return {
    pattern,
    // Unbuilt spec pages differ by their first segment: one of each is followed.
    key: catchAll ? `*/${pathname.split('/')[1] ?? ''}` : key,
    comingSoon: catchAll || component === ComingSoon,
  };
}

/** A page route is reached by a link to it, or (`problem/:id`) to the same page on a tab. */
const unreached = (reached: Set<string>) =>
  PAGE_PATTERNS.filter((pattern) => !reached.has(pattern) && !reached.has(`${pattern}/:tab`));

// --- Following links in the browser -----------------------------------------------------------

const pathOf = (page: Page) => new URL(page.url()).pathname;

type Shown = { errorPage: boolean; comingSoon: boolean; heading: boolean };

/**
 * What the page shows once it has settled: the error page, 'coming soon', or a page heading. The
 * address changes before React renders the new page; the shell's main says which path it shows.
 */
async function shown(page: Page): Promise<Shown> {
  // The path is read on every try: a page may redirect (a tab to its first sub-tab) meanwhile.
  await expect
    .poll(
      () =>
        page
          .locator(`main[data-path="${pathOf(page)}"]`)
          .first()
          .isVisible(),
      {
        timeout: STEP_MS,
        message: `${page.url()} shows its page`,
      },
    )
    .toBe(true);
  const read = () =>
    page.evaluate((): Shown => {
      const visible = (selector: string) =>
        [...document.querySelectorAll<HTMLElement>(selector)].some(
          (element) => element.offsetParent !== null,
        );
      return {
        errorPage: visible('[data-testid="error-page"]'),
        comingSoon: visible('[data-testid="coming-soon"]'),
        heading: visible('main h1, main h2'),
      };
    });
  let state: Shown = { errorPage: false, comingSoon: false, heading: false };
  await expect
    .poll(
      async () => {
        state = await read();
        return state.errorPage || state.comingSoon || state.heading;
      },
      { timeout: STEP_MS, message: `${page.url()} shows a page, 'coming soon' or an error` },
    )
    .toBe(true);
  return state;
}

interface Crawl {
  page: Page;
  /** Patterns of the pages reached. */
  reached: Set<string>;
  /** Keys of the pages already explored (their tabs clicked, their links followed). */
  explored: Set<string>;
  /** What went wrong, as lines naming the link and where it led. */
  problems: string[];
  /** The document title of each page reached, by pattern. */
  titles: Map<string, string>;
  /**
   * Explore each page a menu opens (its tabs and links, depth first). Off on a phone: its menus
   * differ (bottom bar, full-screen drawer), its pages' content does not.
   */
  deep: boolean;
}

/**
 * Checks the page a link led to. `promised`: what the link said ('soon' when it carries a 'Coming
 * soon' badge, 'page' when it promises a built page, 'any' when it says nothing either way).
 */
async function arrived(crawl: Crawl, how: string, promised: 'soon' | 'page' | 'any') {
  const { page } = crawl;
  const state = await shown(page);
  const pathname = pathOf(page);
  const place = placeOf(pathname);
  const where = `${how} → ${pathname}`;
  if (pathname.startsWith('/auth/')) crawl.problems.push(`${where}: sent to sign in`);
  else if (state.errorPage) crawl.problems.push(`${where}: the error page`);
  else if (place.comingSoon && !state.comingSoon) crawl.problems.push(`${where}: blank`);
  else if (promised === 'soon' && !state.comingSoon)
    crawl.problems.push(`${where}: says 'Coming soon' but opens a page`);
  else if (promised === 'page' && state.comingSoon)
    crawl.problems.push(`${where}: opens 'coming soon' without saying so`);
  if (!place.comingSoon) crawl.reached.add(place.pattern);
  if (!place.comingSoon && !state.errorPage) crawl.titles.set(place.pattern, await titleOf(page));
  return place;
}

const APP_NAME = 'Bumps';

/** The page's document title, once it follows the page's main heading. */
async function titleOf(page: Page): Promise<string> {
  await expect
    .poll(() => page.title(), { timeout: STEP_MS, message: `${page.url()} has its own title` })
    .not.toBe(APP_NAME);
  return page.title();
}

/**
 * What counts as one page for its title: a pattern (its tabs lead its title), except that a map's
 * views (its page, 2D and 3D, the space map and bumpscape showing it) all show one map by its name.
 */
const titledPageOf = (pattern: string) =>
  /^(graphviews|bumpscapes|spacemaps)(\/|$)/u.test(pattern) ? 'a map view' : pattern;

/** Pages that share a document title: history, tabs and bookmarks could not tell them apart. */
function sharedTitles(titles: Map<string, string>): string[] {
  const byTitle = new Map<string, Set<string>>();
  for (const [pattern, title] of titles)
    byTitle.set(title, (byTitle.get(title) ?? new Set()).add(titledPageOf(pattern)));
  return [...byTitle]
    .filter(([, pages]) => pages.size > 1)
    .map(([title, pages]) => `'${title}': ${[...pages].join(', ')}`);
}

/**
 * Goes back to `address` after following a link from it. Its query is kept: a tab kept in
 * `?status=` decides which links the page shows.
 */
async function returnTo(page: Page, address: string) {
  const pathname = new URL(address).pathname;
  if (pathOf(page) === pathname) return;
  await page.goBack();
  if (pathOf(page) !== pathname) await page.goto(address);
  await expect.poll(() => pathOf(page)).toBe(pathname);
  await shown(page);
}

const followable = (href: string, here: string, origin: string) => {
  const url = new URL(href, origin);
  return url.origin === origin && !url.pathname.startsWith('/auth/') && url.pathname !== here;
};

/**
 * Explores the page shown: clicks each of its tabs and follows each visible link in its main
 * content to a page not explored yet, depth first, coming back after each.
 */
async function explore(crawl: Crawl) {
  const { page } = crawl;
  const here = pathOf(page);
  const origin = new URL(page.url()).origin;
  await shown(page);

  const tabs = page.locator('main [role="tab"]');
  // A page may show its heading while a lazily loaded part (its tab strip) is still on its way:
  // the count is read once it holds still.
  let tabCount = -1;
  await expect
    .poll(
      async () => {
        const before = tabCount;
        tabCount = await tabs.count();
        return before === tabCount;
      },
      { timeout: STEP_MS, interval: 250 },
    )
    .toBe(true);
  for (let index = 0; index < tabCount; index += 1) {
    // Back from a tab, the page may still be loading its tab strip.
    await expect.poll(() => tabs.count(), { timeout: STEP_MS }).toBeGreaterThan(index);
    const tab = tabs.nth(index);
    if ((await tab.getAttribute('aria-selected')) === 'true' || (await tab.isDisabled())) continue;
    const name = (await tab.textContent())?.trim() ?? '';
    const from = page.url();
    await tab.click();
    // A tab either changes the address or only the panel below it (a status filter).
    await expect
      .poll(
        async () => pathOf(page) !== here || (await tab.getAttribute('aria-selected')) === 'true',
        {
          timeout: STEP_MS,
        },
      )
      .toBeTruthy();
    if (pathOf(page) === here) continue;
    const place = await arrived(crawl, `${here}: tab '${name}'`, 'any');
    if (!crawl.explored.has(place.key)) {
      crawl.explored.add(place.key);
      await explore(crawl);
    }
    await returnTo(page, from);
  }

  const hrefs = await page
    .locator('main a[href]:not([target])')
    .evaluateAll((links) =>
      links
        .filter((link) => (link as HTMLElement).offsetParent !== null)
        .map((link) => link.getAttribute('href') ?? ''),
    );
  for (const href of new Set(hrefs)) {
    if (!followable(href, here, origin)) continue;
    const target = placeOf(new URL(href, origin).pathname);
    if (crawl.explored.has(target.key)) continue;
    crawl.explored.add(target.key);
    const from = page.url();
    await page.locator(`main a[href="${href}"]:visible`).first().click();
    await page.waitForURL((url) => url.pathname !== here);
    await arrived(crawl, `${here}: link ${href}`, 'any');
    await explore(crawl);
    await returnTo(page, from);
  }
}

interface MenuLink {
  href: string;
  label: string;
  soon: boolean;
}

/** The links of an open menu, each with whether it carries the 'Coming soon' badge. */
const menuLinks = (menu: Locator): Promise<MenuLink[]> =>
  menu.locator('a[href]').evaluateAll((links) =>
    links.map((link) => ({
      href: link.getAttribute('href') ?? '',
      label: link.textContent?.replace('Coming soon', '').trim() ?? '',
      soon: link.textContent?.includes('Coming soon') ?? false,
    })),
  );

/**
 * Follows each link of a menu: `open` shows the menu and answers its element. Every link is
 * clicked (the page it opens explored once), then the list of links is returned.
 */
async function followMenu(crawl: Crawl, name: string, open: () => Promise<Locator>) {
  const { page } = crawl;
  const links = await menuLinks(await open());
  expect(links.length, `${name} has links`).toBeGreaterThan(0);
  for (const link of links) {
    const menu = await open();
    await menu.locator(`a[href="${link.href}"]`).first().click();
    const target = new URL(link.href, page.url()).pathname;
    await page.waitForURL((url) => url.pathname === target);
    // A link with no badge may lead to a page of a later issue (the spec's Progress and Chat
    // tabs), but never to 'coming soon' where a page is built.
    const promised = link.soon ? 'soon' : placeOf(target).comingSoon ? 'any' : 'page';
    const place = await arrived(crawl, `${name} '${link.label}'`, promised);
    if (crawl.deep && !crawl.explored.has(place.key)) {
      crawl.explored.add(place.key);
      await explore(crawl);
    }
  }
  return links;
}

describe("the router's pages", () => {
  it('are read from the route table', () => {
    // Guards the reading above: were it to find nothing, every page would count as reached.
    expect(PAGE_PATTERNS).toEqual(
      expect.arrayContaining([
        'stories/mydrafts',
        'stories/mystories',
        'problems/myproblems',
        'problems/alerts',
        'skills/myskills',
        'problem/:id/:tab',
        'settings/preferences',
      ]),
    );
    for (const left of ['problems/myalerts', 'auth/login', '*', 'problems'])
      expect(PAGE_PATTERNS).not.toContain(left);
  });

  it("never say 'coming soon' on the way to a built page (/stories, /story, /spaces, …)", () => {
    // Every address a built page's path passes through (its first segments, ids filled in) shows
    // a page or leads to one, as /problems leads to /problems/recent.
    const waysIn = new Set(
      PAGE_PATTERNS.flatMap((pattern) => {
        const parts = pattern.split('/').map((part) => (part.startsWith(':') ? 'x' : part));
        return parts.slice(0, -1).map((_, index) => `/${parts.slice(0, index + 1).join('/')}`);
      }),
    );
    const comingSoon = [...waysIn].filter((pathname) => placeOf(pathname).comingSoon);
    expect(comingSoon).toEqual([]);
    for (const pathname of ['/stories', '/story', '/spaces'])
      expect(waysIn.has(pathname)).toBe(true);
  });
});

describe.skipIf(chromiumMissing)('navigation reaches every page', () => {
  let app: BrowserApp;
  let person: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    const { server } = app;
    person = await signUpVerified(server, { displayName: 'Navigator' });
    // A site admin, so the user menu leads to the admin pages too.
    await giveSiteRole(server, person, 'admin');
    const auth = { token: person.token };
    // The person works in a private space they own, so This Space Menu leads to its management.
    const { id: spaceId } = await createPrivateSpace(server, person);
    await gqlData(server.url, CHANGE_SPACE, { spaceId }, auth);
    // Something on every list, so its cards lead on to the detail pages.
    const story = (html: string, options: StoryOptions = {}) =>
      postStory(server, person, html, { spaceId, ...options });
    await story('<p>Rain barrels for the #water shortage</p>');
    await story('<p>A draft about #water</p>', { isDraft: true });
    await story('<p>Quietly about #water</p>', { isAnonymousPost: true });
    const problem = await postProblem(server, person, 'Dry wells in the village', {
      spaceId,
    });
    await gqlData(
      server.url,
      `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id } }`,
      { problemId: problem.id, input: { type: 'thing', name: 'Hand pump' } },
      auth,
    );
    await postSolution(server, person, {
      problemId: problem.id,
      name: 'Deepen the wells',
      spaceId,
    });
    await postSolution(server, person, { name: 'Collect rain water', spaceId });
    await postSkill(server, person, { name: 'Well digging', spaceId });
    // Maps of every kind, a recipe of the problem and a waypoint, so the directory, the recipes
    // tab and the waypoints pages lead on to their maps. The graph map last: the directory lists
    // the newest first, and the crawl opens one map page, whose 2D/3D toggle leads on.
    for (const type of ['kanban', 'scurve', 'location'])
      await createMap(server, person, { name: `Water ${type}`, type, spaceId });
    const graph = await createMap(server, person, {
      name: 'Water network',
      graphTypes: ['2D', '3D'],
      spaceId,
    });
    await createMap(server, person, { name: 'Fixing the pump', problemId: problem.id });
    await addWaypoint(server, person, graph.id, 'Pump repaired');
    await gqlData(server.url, `mutation { followTags(tags: ["water"]) }`, {}, auth);
    await gqlData(server.url, `mutation { setNotificationTags(tags: ["water"]) }`, {}, auth);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  /**
   * On a phone the menus differ (bottom bar, full-screen drawer) but pages' content does not: there
   * each menu link is followed to its page, and the pages' own links are left to the desktop walk.
   */
  const walk = async (viewport: Viewport) => {
    const page = await app.newPage({ as: person, viewport });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const deep = viewport !== MOBILE;
    const crawl: Crawl = {
      page,
      reached: new Set(),
      explored: new Set(),
      problems: [],
      titles: new Map(),
      deep,
    };
    await page.goto(`${app.server.url}/stories/recent`);
    await signedInShell(page);
    crawl.explored.add(placeOf('/stories/recent').key);
    await arrived(crawl, 'opening the app', 'page');
    if (deep) await explore(crawl);

    const mainNav = viewport === MOBILE ? 'Bottom navigation' : 'Main navigation';
    await followMenu(crawl, mainNav, async () => page.getByRole('navigation', { name: mainNav }));

    const userMenu = await followMenu(crawl, 'user menu', async () => {
      // The button toggles: clicked while the menu is open (its links were just read), it would
      // close it under the click that follows.
      const button = page.getByRole('button', { name: 'Account menu' });
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
      const menu = page.getByRole('menu');
      // Its items load with the first opening (app/UserMenuItems.tsx).
      await shows(menu.getByRole('menuitem'));
      return menu;
    });
    // The spec's links, each labelled by the page it opens.
    expect(userMenu).toEqual(
      expect.arrayContaining([
        { href: '/problems/myproblems', label: 'My Problems', soon: false },
        { href: '/problems/mypriorities', label: 'My Priorities', soon: false },
        { href: '/solutions/mysolutions', label: 'My Solutions', soon: false },
        { href: '/stories/feed', label: 'Following', soon: false },
        { href: '/anonymous/stories', label: 'Anonymous posts', soon: false },
        { href: '/settings/profile', label: 'Settings', soon: false },
        { href: '/settings/account', label: 'My Subscription', soon: false },
      ]),
    );

    const drawer = page.getByRole('navigation', { name: 'Spaces and language' });
    const drawerLinks = await followMenu(crawl, 'left drawer', async () => {
      if (!(await drawer.locator('a[href]').first().isVisible()))
        await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await shows(drawer.getByRole('link', { name: 'Info' }));
      return drawer;
    });
    // This Space Menu, as the spec lists it.
    const spaceMenu = drawerLinks.map((link) => link.href.replace(/^\/space\/[^/]+\//, 'space/'));
    for (const href of [
      'space/info',
      'space/participants',
      '/stories/recent',
      '/problems/recent',
      '/spacemaps/2d',
      '/solutions/recent',
      'space/tags',
      '/tagsCloud',
      'space/media',
      'space/activity',
      'space/reports',
      '/spaces/countries',
      '/spaces/private/active',
    ])
      expect(spaceMenu).toContain(href);

    expect(crawl.problems).toEqual([]);
    expect(errors).toEqual([]);
    if (deep) expect(unreached(crawl.reached), 'pages no link leads to').toEqual([]);
    // Every page has a title of its own, in the page's words and the app's name.
    for (const [pattern, title] of crawl.titles)
      expect(title, pattern).toMatch(new RegExp(` · ${APP_NAME}$`, 'u'));
    expect(sharedTitles(crawl.titles), 'pages with the same title').toEqual([]);
  };

  it('at desktop width', async () => {
    app.screenshotsOnFailure();
    await walk(DESKTOP);
  }, 300_000);

  it('at mobile width', async () => {
    app.screenshotsOnFailure();
    await walk(MOBILE);
  }, 300_000);
});

describe.skipIf(chromiumMissing)('no dead ends for a newcomer', () => {
  let app: BrowserApp;
  let person: TestUser;

  beforeAll(async () => {
    app = await startBrowserApp();
    person = await signUpVerified(app.server, { displayName: 'Newcomer' });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  const tabNames = async (page: Page) => {
    const tabs = page.locator('main [role="tab"]');
    await shows(tabs);
    return (await tabs.allTextContents()).map((name) => name.trim());
  };

  it('shows a visitor only the list tabs they can use', async () => {
    app.screenshotsOnFailure();
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await app.newPage({ viewport });
      await page.goto(`${app.server.url}/stories/recent`);
      await shows(page.getByRole('button', { name: 'Sign in' }));
      expect(await tabNames(page)).toEqual(['Recent']);
      await page.goto(`${app.server.url}/problems/recent`);
      await shows(page.getByRole('button', { name: 'Sign in' }));
      expect(await tabNames(page)).toEqual(['Recent', 'Solving']);
      await page.goto(`${app.server.url}/solutions/recent`);
      await shows(page.getByRole('button', { name: 'Sign in' }));
      expect(await tabNames(page)).toEqual(['Recent']);
      await page.goto(`${app.server.url}/skills/public`);
      await shows(page.getByRole('button', { name: 'Sign in' }));
      expect(await tabNames(page)).toEqual(['Public']);
    }
    // Signed in, every list is there.
    const page = await app.newPage({ as: person });
    await page.goto(`${app.server.url}/stories/recent`);
    await signedInShell(page);
    expect(await tabNames(page)).toEqual([
      'Recent',
      'Following',
      'My stories',
      'Drafts',
      'Anonymous',
    ]);
    await page.goto(`${app.server.url}/problems/recent`);
    expect(await tabNames(page)).toEqual([
      'Recent',
      'My Problems',
      'My Priorities',
      'Solving',
      'Alerts',
    ]);
  });

  it('takes /stories, /story and /spaces where /problems goes: to a list, never "coming soon"', async () => {
    app.screenshotsOnFailure();
    const page = await app.newPage();
    for (const [address, list] of [
      ['/stories', '/stories/recent'],
      ['/story', '/stories/recent'],
      ['/spaces', '/spaces/countries'],
      ['/problems', '/problems/recent'],
    ] as const) {
      await page.goto(`${app.server.url}${address}`);
      await page.waitForURL((url) => url.pathname === list);
      await shows(page.locator('main h1'));
      expect(await page.getByTestId('coming-soon').count(), address).toBe(0);
    }
  });
});

describe.skipIf(!chromiumMissing)('navigation reaches every page', () => {
  it.skip(SKIP_REASON, () => undefined);
});
