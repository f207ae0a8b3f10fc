import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import {
  postStory,
  signUpVerified,
  type TestUser,
  postProblem,
  CHANGE_SPACE,
  createPrivateSpace,
} from '../helpers/factories';
import { MOBILE, shows, signedInShell, startBrowserApp, type BrowserApp } from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/** Long enough that a phone cannot show it on one line beside another choice. */
const SPACE_NAME = 'Riverside wells and water committee of the eastern district';
const ANONYMOUS_TOAST =
  'Your anonymous post was sent for approval. Others see it once it is approved.';

/** Waits until nothing matches the locator any more. */
async function gone(locator: Locator) {
  await expect.poll(() => locator.count(), { message: `${String(locator)} is gone` }).toBe(0);
}

/** The plain text of a rich-text editor. */
const textOf = async (editor: Locator) => (await editor.innerText()).trim();

/** The frame's focus indicator: what changes when Mantine draws focus (border, outline, shadow). */
function focusLook(editor: Locator) {
  return editor.evaluate((element) => {
    let frame: Element | null = element;
    while (frame && getComputedStyle(frame).borderTopStyle !== 'solid') frame = frame.parentElement;
    if (!frame) return 'no frame';
    const style = getComputedStyle(frame);
    return [style.borderTopColor, style.outlineStyle, style.outlineColor, style.boxShadow].join(
      ' | ',
    );
  });
}

/** Nothing of the element is cut off: it fits its own box and lies inside the viewport. */
async function expectNotClipped(element: Locator, viewportWidth: number) {
  const box = await element.boundingBox();
  expect(box, String(element)).not.toBeNull();
  expect(box!.x, `${String(element)} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${String(element)} ends inside the viewport`).toBeLessThanOrEqual(
    viewportWidth,
  );
  const { scrollWidth, clientWidth } = await element.evaluate((node) => ({
    scrollWidth: node.scrollWidth,
    clientWidth: node.clientWidth,
  }));
  expect(scrollWidth, `${String(element)} shows all its content`).toBeLessThanOrEqual(clientWidth);
}

describe.skipIf(chromiumMissing)('the create and edit dialogs keep text and clicks', () => {
  let app: BrowserApp;
  let author: TestUser;
  let page: Page;
  const run = Date.now().toString(36);
  const tag = `wells${run}`;

  beforeAll(async () => {
    app = await startBrowserApp();
    author = await signUpVerified(app.server, { displayName: 'Dina Dialogs' });
    const space = await createPrivateSpace(app.server, author, { name: SPACE_NAME });
    await gqlData(app.server.url, CHANGE_SPACE, { spaceId: space.id }, { token: author.token });
    // A story with the tag, so typing its first letters suggests it.
    await postStory(app.server, author, `<p>The east well is clean again #${tag}</p>`, {
      spaceId: space.id,
    });
    page = await app.newPage({ as: author });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  it('menus and tooltips download with their first use; the keyboard drives them, a tap shows no tooltip', async () => {
    app.screenshotsOnFailure();
    const scripts: string[] = [];
    const onRequest = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto(`${app.server.url}/stories/recent`);
      await signedInShell(page);
      await shows(page.getByRole('article').first());
      const overlaysLoaded = () =>
        scripts.some((url) => /\/mantineOverlays-[\w-]+\.js$/u.test(url));
      expect(overlaysLoaded(), 'a first visit loads no menu or tooltip code').toBe(false);

      // Enter on the account menu downloads the menu and opens it; Esc gives the focus back.
      const account = page.getByRole('button', { name: 'Account menu' });
      await account.focus();
      await page.keyboard.press('Enter');
      await shows(page.getByRole('menuitem', { name: 'Bookmarks' }));
      expect(overlaysLoaded()).toBe(true);
      await page.keyboard.press('Escape');
      await gone(page.getByRole('menu'));
      expect(
        await account.evaluate((button) => button === document.activeElement),
        'the account menu button has the focus again',
      ).toBe(true);

      // A card's tooltip shows on hover and goes when the pointer leaves.
      await page.getByRole('button', { name: 'Bookmark', exact: true }).first().hover();
      await shows(page.getByRole('tooltip', { name: 'Bookmark' }));
      await page.mouse.move(0, 0);
      await gone(page.getByRole('tooltip'));
    } finally {
      page.off('request', onRequest);
    }

    // On a touch screen a tap bookmarks and leaves no tooltip behind: tooltips are for a pointer.
    const phone = await app.newPage({ as: author, viewport: MOBILE, touch: true });
    await phone.goto(`${app.server.url}/stories/recent`);
    const tooltipCode = phone
      .waitForRequest(/\/mantineOverlays-[\w-]+\.js$/u, { timeout: 1_500 })
      .catch(() => null);
    await phone.getByRole('button', { name: 'Bookmark', exact: true }).first().tap();
    await shows(phone.getByRole('button', { name: 'Remove bookmark' }).first());
    expect(await tooltipCode, 'a tap downloads no tooltip').toBeNull();
    expect(await phone.getByRole('tooltip').count(), 'no tooltip after a tap').toBe(0);
  });

  it('the story dialog keeps typed text: Esc closes only the suggestions, closing asks, a reload restores', async () => {
    app.screenshotsOnFailure();
    const text = `Water report from the pump #${tag.slice(0, 6)}`;
    await page.goto(`${app.server.url}/stories/recent`);
    const openDialog = async () => {
      await page.getByRole('button', { name: 'Post a story' }).filter({ visible: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Share your perspective' });
      await shows(dialog.getByRole('textbox', { name: 'Story', exact: true }));
      return dialog;
    };
    let dialog = await openDialog();
    let editor = dialog.getByRole('textbox', { name: 'Story', exact: true });
    await editor.pressSequentially(text);
    const suggestions = page.getByRole('listbox', { name: 'Tag suggestions' });
    await shows(suggestions.getByRole('option', { name: tag }));

    // Esc is for the list: the dialog and its text stay.
    await page.keyboard.press('Escape');
    await gone(suggestions);
    await shows(dialog);
    expect(await textOf(editor)).toBe(text);

    // With the list closed, Esc is for the dialog: it asks first, and Esc again keeps editing.
    const confirm = page.getByRole('dialog', { name: 'Discard your text?' });
    await page.keyboard.press('Escape');
    await shows(confirm);
    await page.keyboard.press('Escape');
    await gone(confirm);
    await shows(dialog);
    expect(await textOf(editor)).toBe(text);

    // A click outside (on the overlay) asks instead of closing; Keep editing keeps everything.
    await page.mouse.click(5, 5);
    await shows(confirm);
    await shows(dialog);
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await gone(confirm);
    expect(await textOf(editor)).toBe(text);

    // The X asks too.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await shows(confirm);
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await gone(confirm);
    expect(await textOf(editor)).toBe(text);

    // A reload with the dialog open loses nothing: reopened, the dialog holds the text again.
    await page.reload();
    await signedInShell(page);
    dialog = await openDialog();
    editor = dialog.getByRole('textbox', { name: 'Story', exact: true });
    await expect.poll(() => textOf(editor)).toBe(text);
    await gone(suggestions);

    // Discard closes and forgets the text.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await gone(page.getByRole('dialog'));
    dialog = await openDialog();
    expect(await textOf(dialog.getByRole('textbox', { name: 'Story', exact: true }))).toBe('');
    // With nothing typed, Cancel closes at once.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(page.getByRole('dialog'));
  }, 120_000);

  it('the story editor shows where the focus is, as Mantine inputs do', async () => {
    app.screenshotsOnFailure();
    await page.goto(`${app.server.url}/stories/recent`);
    await page.getByRole('button', { name: 'Post a story' }).filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your perspective' });
    const editor = dialog.getByRole('textbox', { name: 'Story', exact: true });
    await shows(editor);
    await expect.poll(() => editor.evaluate((node) => node === document.activeElement)).toBe(true);
    const focused = await focusLook(editor);

    // Tab moves on to the next control: the editor's frame looks unfocused.
    await page.keyboard.press('Tab');
    await expect.poll(() => editor.evaluate((node) => node === document.activeElement)).toBe(false);
    const unfocused = await focusLook(editor);
    expect(focused).not.toBe(unfocused);

    // Back by keyboard, the focus shows again.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusLook(editor)).toBe(focused);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(page.getByRole('dialog'));
  }, 60_000);

  it('editing a story that ends in a hashtag opens no suggestions, and saves with Save', async () => {
    app.screenshotsOnFailure();
    const story = await postStory(app.server, author, `<p>Our pump works again #${tag}</p>`);
    const autocompletes: string[] = [];
    const recordAutocomplete = (request: Request) => {
      const body = request.postData() ?? '';
      if (request.url().endsWith('/graphql') && body.includes('"Autocomplete"'))
        autocompletes.push(body);
    };
    page.on('request', recordAutocomplete);
    await page.goto(`${app.server.url}/story/${story.id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit post' });
    const editor = dialog.getByRole('textbox', { name: 'Story', exact: true });
    // The editor opens focused at the end of the text, right after the hashtag.
    await expect.poll(() => editor.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    expect(autocompletes, 'no suggestions were fetched').toEqual([]);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await shows(dialog.getByRole('button', { name: 'Save', exact: true }));
    expect(await dialog.getByRole('button', { name: 'Publish' }).count()).toBe(0);

    // Typing is what opens the list.
    await editor.press('Backspace');
    await shows(page.getByRole('listbox', { name: 'Tag suggestions' }));
    await page.keyboard.press('Escape');
    await gone(page.getByRole('listbox'));
    await editor.pressSequentially(tag.slice(-1));
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await shows(page.getByText('Updated successfully'));
    page.off('request', recordAutocomplete);
  }, 60_000);

  it('Add Problem closes on the first Cancel, shows its space, and an anonymous problem waits for approval', async () => {
    app.screenshotsOnFailure();
    await page.goto(`${app.server.url}/problems/recent`);
    const openAddProblem = async () => {
      await page
        .getByRole('button', { name: 'Create', exact: true })
        .filter({ visible: true })
        .click();
      await page.getByRole('menuitem', { name: 'Problem' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Problem' });
      await shows(dialog.getByRole('textbox', { name: 'Title', exact: true }));
      return dialog;
    };
    let dialog = await openAddProblem();
    // The title has the focus; one click on Cancel closes an untouched form.
    await expect
      .poll(() =>
        dialog
          .getByRole('textbox', { name: 'Title', exact: true })
          .evaluate((node) => node === document.activeElement),
      )
      .toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(page.getByRole('dialog'));

    dialog = await openAddProblem();
    await shows(dialog.getByText(`Posting in: ${SPACE_NAME}`));
    await dialog.getByRole('switch', { name: 'Post anonymously' }).check();
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(`Broken tap ${run}`);
    await dialog
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('The tap at the school leaks all night long.');
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await shows(page.getByText(ANONYMOUS_TOAST));
    expect(await page.getByText('Problem added successfully').count()).toBe(0);
  }, 60_000);

  it('Add Solution shows no errors before typing, shows them after Next, and says an anonymous one waits', async () => {
    app.screenshotsOnFailure();
    await page.goto(`${app.server.url}/solutions/recent`);
    await page
      .getByRole('button', { name: 'Create', exact: true })
      .filter({ visible: true })
      .click();
    await page.getByRole('menuitem', { name: 'Solution' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Solution' });
    await shows(dialog.getByText('Step 1 of 4'));
    await dialog.getByRole('radio', { name: 'Anonymous' }).check();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();

    const title = dialog.getByRole('textbox', { name: 'Title', exact: true });
    await shows(title);
    await shows(dialog.getByText('Step 2 of 4'));
    expect(await dialog.getByText('Title is required').count()).toBe(0);
    expect(await dialog.getByText(/Please add at least/u).count()).toBe(0);
    await shows(dialog.getByText(`Posting in: ${SPACE_NAME}`));

    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await shows(dialog.getByText('Title is required'));
    await shows(dialog.getByText(/Please add at least/u));
    await shows(dialog.getByText('Step 2 of 4'));
    // After that first try, the errors follow the typing.
    await title.fill(`Sand filter ${run}`);
    await gone(dialog.getByText('Title is required'));
    await dialog
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('A barrel of washed sand between the pump and the tap.');
    await gone(dialog.getByText(/Please add at least/u));

    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await shows(page.getByText(ANONYMOUS_TOAST));
  }, 60_000);

  it('an anonymous story says it waits for approval', async () => {
    app.screenshotsOnFailure();
    await page.goto(`${app.server.url}/stories/recent`);
    await page.getByRole('button', { name: 'Post a story' }).filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share your perspective' });
    await dialog.getByRole('switch', { name: 'Post anonymously' }).check();
    await dialog
      .getByRole('textbox', { name: 'Story', exact: true })
      .fill(`Nobody fixed the tap #${tag}`);
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await shows(page.getByText(ANONYMOUS_TOAST));
    expect(await page.getByText('Story added successfully').count()).toBe(0);
  }, 60_000);

  it('on a phone, the Post to choice and the measurement and attribute tables are not cut off', async () => {
    app.screenshotsOnFailure();
    const phone = await app.newPage({ as: author, viewport: MOBILE });
    await phone.goto(`${app.server.url}/stories/recent`);
    await phone.getByRole('button', { name: 'Post a story' }).filter({ visible: true }).click();
    const dialog = phone.getByRole('dialog', { name: 'Share your perspective' });
    const choice = dialog.getByRole('radiogroup');
    await shows(choice);
    await expectNotClipped(choice, MOBILE.width);
    const labels = choice.locator('label');
    expect(await labels.count()).toBe(2);
    for (const label of await labels.all()) await expectNotClipped(label, MOBILE.width);
    await shows(dialog.getByText(`Space feed: ${SPACE_NAME}`));
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const problem = await postProblem(app.server, author, `Brown water ${run}`);
    for (const measurement of [
      {
        name: 'Iron concentration in the water',
        value: 0.87,
        unit: 'mg/L',
        note: 'Measured at the tap after ten minutes of pumping, in the morning',
      },
      { name: 'Turbidity', value: 12, unit: 'NTU', note: 'Cloudy' },
    ]) {
      await gqlData(
        app.server.url,
        `mutation($problemId: ID!, $input: MeasurementInput!) { addMeasurement(problemId: $problemId, input: $input) { id } }`,
        { problemId: problem.id, input: measurement },
        { token: author.token },
      );
    }
    await phone.goto(`${app.server.url}/problem/${problem.id}/info`);
    const measurements = phone.getByRole('table').filter({ hasText: 'Iron concentration' });
    await shows(measurements);
    await expectNotClipped(measurements, MOBILE.width);

    const { addPart } = await gqlData<{ addPart: { id: string } }>(
      app.server.url,
      `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id } }`,
      {
        problemId: problem.id,
        input: {
          type: 'thing',
          name: 'East well pump',
          attributes: [
            {
              name: 'Survey',
              value: 'https://water.example.org/reports/district-eleven/east-well-2019-survey.pdf',
            },
          ],
        },
      },
      { token: author.token },
    );
    await phone.goto(`${app.server.url}/problem/${problem.id}/parts/${addPart.id}/attributes`);
    const attributes = phone.getByRole('table').filter({ hasText: 'Survey' });
    await shows(attributes);
    await expectNotClipped(attributes, MOBILE.width);
  }, 90_000);
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
