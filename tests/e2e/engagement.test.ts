import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postProblem,
  postSolution,
  postStory,
  signUpVerified,
  type SolutionView,
  type StoryView,
  type TestUser,
} from '../helpers/factories';
import {
  DESKTOP,
  MOBILE,
  shows,
  signedInShell,
  startBrowserApp,
  type BrowserApp,
} from './app-in-browser';
import { SKIP_REASON, chromiumMissing } from './browser';

/**
 * Issue 9 end to end: two people, each in their own browser, one on a desktop and one on a phone.
 * Asha comments and reacts on a story, Bina sees the comment arrive without reloading and replies,
 * Asha sees the reply arrive; Bina upvotes a solution with feedback and only its author reads the
 * feedback on the voters page. The story and the solution are Chen's, so both may vote.
 */
describe.skipIf(chromiumMissing)('comments, reactions and votes between two people', () => {
  let app: BrowserApp;
  let chen: TestUser;
  let asha: TestUser;
  let bina: TestUser;
  let story: StoryView;
  let problemId: string;
  let solution: SolutionView;
  /** Asha's and Bina's pages, kept open from one step to the next as two people would. */
  let ashaPage: Page;
  let binaPage: Page;

  const storyText = 'The new hand pump at the school works again';
  const commentText = 'We fixed ours with a new leather washer';
  const replyText = 'Thank you, trying that on Saturday';
  const feedback = 'Cheap to build and the water ran clear within a week';

  beforeAll(async () => {
    app = await startBrowserApp();
    const { server } = app;
    [chen, asha, bina] = await Promise.all([
      signUpVerified(server, { displayName: 'Chen Author' }),
      signUpVerified(server, { displayName: 'Asha Commenter' }),
      signUpVerified(server, { displayName: 'Bina Replier' }),
    ]);
    story = await postStory(server, chen, `<p>${storyText} #water</p>`);
    problemId = (await postProblem(server, chen, 'The school pump runs dry')).id;
    solution = await postSolution(server, chen, { name: 'A deeper borehole', problemId });
  }, 180_000);

  afterAll(async () => {
    await app?.close();
  });

  const url = (route: string) => `${app.server.url}${route}`;
  const storyCard = (page: Page) => page.getByRole('article').filter({ hasText: storyText });
  const commentBy = (page: Page, name: string) =>
    page.getByRole('article', { name: `Comment by ${name}` });

  it('signed out, clicking into the comment box opens the login box', async () => {
    app.screenshotsOnFailure();
    const visitor = await app.newPage({ viewport: MOBILE });
    await visitor.goto(url(`/story/${story.id}`));
    await visitor.getByRole('textbox', { name: 'Write a comment' }).click();
    await shows(visitor.getByRole('dialog', { name: 'Welcome to Bumps' }));
    // Nothing to send: the box never opened its Comment button.
    expect(await visitor.getByRole('button', { name: 'Comment', exact: true }).count()).toBe(0);
  }, 60_000);

  it('one comments and reacts, the other sees the comment arrive live and replies, live back', async () => {
    app.screenshotsOnFailure();
    ashaPage = await app.newPage({ as: asha, viewport: DESKTOP });
    binaPage = await app.newPage({ as: bina, viewport: MOBILE });
    for (const page of [ashaPage, binaPage]) {
      await page.goto(url(`/story/${story.id}`));
      await signedInShell(page);
      await shows(page.getByText('No comments yet. Start the conversation.'));
    }

    // --- Asha comments.
    await ashaPage.getByRole('textbox', { name: 'Write a comment' }).fill(commentText);
    await ashaPage.getByRole('button', { name: 'Comment', exact: true }).click();
    await shows(ashaPage.getByText('Comment added'));
    await shows(commentBy(ashaPage, 'Asha Commenter').getByText(commentText));
    await shows(storyCard(ashaPage).getByRole('group', { name: 'Comments: 1' }));

    // --- Asha reacts to the story from the picker and sees the count.
    const oneReaction = (page: Page) =>
      storyCard(page).getByRole('button', { name: '1 reaction: see who reacted' });
    expect(await oneReaction(ashaPage).count()).toBe(0);
    await storyCard(ashaPage).getByRole('button', { name: 'React?' }).click();
    await ashaPage
      .getByRole('dialog', { name: 'Choose a reaction' })
      .getByRole('button', { name: 'Like', exact: true })
      .click();
    await shows(storyCard(ashaPage).getByRole('button', { name: 'Like', exact: true }));
    await shows(oneReaction(ashaPage));

    // --- Bina, without reloading, sees Asha's comment and the comment count arrive.
    await shows(commentBy(binaPage, 'Asha Commenter').getByText(commentText));
    await shows(storyCard(binaPage).getByRole('group', { name: 'Comments: 1' }));
    // Reactions are not live: Bina sees Asha's after a reload.
    await binaPage.reload();
    await shows(oneReaction(binaPage));
    await shows(storyCard(binaPage).getByRole('button', { name: 'React?' }));

    // --- Bina replies to Asha's comment.
    const ashasComment = commentBy(binaPage, 'Asha Commenter');
    await ashasComment.getByRole('button', { name: 'Reply', exact: true }).click();
    await ashasComment.getByRole('textbox', { name: 'Write a reply' }).fill(replyText);
    // The toggle and the reply box's submit are both "Reply"; the submit comes after the editor.
    await ashasComment.getByRole('button', { name: 'Reply', exact: true }).last().click();
    await shows(binaPage.getByText('Reply added'));
    await shows(commentBy(binaPage, 'Bina Replier').getByText(replyText));

    // --- Asha, without reloading, sees the reply count, the post's count, then the reply.
    const ashasOwnComment = commentBy(ashaPage, 'Asha Commenter');
    const viewReplies = ashasOwnComment.getByRole('button', { name: 'View 1 reply' });
    await shows(viewReplies);
    await shows(storyCard(ashaPage).getByRole('group', { name: 'Comments: 2' }));
    await viewReplies.click();
    await shows(commentBy(ashaPage, 'Bina Replier').getByText(replyText));
  }, 120_000);

  it('the other upvotes a solution with feedback; only its author reads the feedback', async () => {
    app.screenshotsOnFailure();
    binaPage ??= await app.newPage({ as: bina, viewport: MOBILE });
    await binaPage.goto(url(`/solution/${solution.id}/info`));
    await shows(binaPage.getByRole('heading', { name: 'A deeper borehole' }));
    await shows(binaPage.getByText('Vote?'));

    await binaPage.getByRole('button', { name: 'Upvote', exact: true }).click();
    const dialog = binaPage.getByRole('dialog', { name: 'Upvote this solution' });
    await dialog.getByRole('textbox', { name: 'Feedback' }).fill(feedback);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await shows(binaPage.getByText('Upvoted', { exact: true }));
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The count is 1 and the vote is Bina's: Upvote pressed, My Vote in place of Vote?.
    await shows(binaPage.getByRole('link', { name: 'Upvotes: 1' }));
    await expect
      .poll(() =>
        binaPage.getByRole('button', { name: 'Upvote', exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await binaPage.getByRole('button', { name: 'My Vote' }).click();
    const myVote = binaPage.getByRole('dialog', { name: 'My Vote' });
    await shows(myVote.getByText('You upvoted this solution'));
    await shows(myVote.getByText(feedback));

    // --- Chen, the author, reads Bina's feedback on the voters page.
    const voters = `/problem/${problemId}/solutions/${solution.id}/voters/upvotes`;
    const chenPage = await app.newPage({ as: chen, viewport: DESKTOP });
    await chenPage.goto(url(voters));
    await shows(chenPage.getByText('Bina Replier'));
    await shows(chenPage.getByText(feedback));

    // --- Asha sees who upvoted, but not what Bina told the author.
    ashaPage ??= await app.newPage({ as: asha, viewport: DESKTOP });
    await ashaPage.goto(url(voters));
    await shows(ashaPage.getByText('Bina Replier'));
    expect(await ashaPage.getByText(feedback).count()).toBe(0);
  }, 120_000);
});

if (chromiumMissing) {
  describe('browser tests', () => {
    it.skip(SKIP_REASON, () => {});
  });
}
