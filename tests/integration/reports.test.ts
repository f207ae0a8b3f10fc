import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COMMENTS_MAX, REPORT_MESSAGES } from '@rules';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import {
  CREATE_REPORT,
  MY_REPORTS,
  REPORT,
  SET_REPORT_STATUS,
  addComment,
  addParticipant,
  createPrivateSpace,
  giveSiteRole,
  moderate,
  postStory,
  report,
  reportOverRest,
  reportQueue,
  setStatus,
  signUpVerified,
  type ReportPage,
  type ReportView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Reporting posts, comments and people; my reports; the queue and who sees it (signed out, a
 * plain user, a site moderator, a private space's owner, an admin); statuses and their record.
 */
let server: TestServer;
let author: TestUser;
let reporter: TestUser;
let moderator: TestUser;
let admin: TestUser;
let spaceOwner: TestUser;
let member: TestUser;
let spaceId: string;
let storyId: string;
let privateStoryId: string;

beforeAll(async () => {
  server = await startTestServer();
  [author, reporter, moderator, admin, spaceOwner, member] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Reporter' }),
    signUpVerified(server, { displayName: 'Moderator' }),
    signUpVerified(server, { displayName: 'Admin' }),
    signUpVerified(server, { displayName: 'Owner' }),
    signUpVerified(server, { displayName: 'Member' }),
  ]);
  await giveSiteRole(server, moderator, 'moderator');
  await giveSiteRole(server, admin, 'admin');
  spaceId = (
    await createPrivateSpace(server, spaceOwner, {
      members: [{ user: member, status: 'contributor' }],
    })
  ).id;
  storyId = (await postStory(server, author, '<p>Buy cheap pills #spam</p>')).id;
  privateStoryId = (
    await postStory(server, member, '<p>Our committee minutes #wells</p>', { spaceId })
  ).id;
}, 120_000);

afterAll(() => server?.stop());

const createReport = (user: TestUser | null, input: Record<string, unknown>) =>
  gqlError(server.url, CREATE_REPORT, { input }, { token: user?.token });

describe('reporting', () => {
  it('refuses a signed-out visitor', async () => {
    const error = await createReport(null, {
      itemType: 'stories',
      itemId: storyId,
      tags: ['spam'],
    });
    expect(error.code).toBe('UNAUTHENTICATED');
  });

  it('files a report on a story with its topics and comments, open, for the reporter', async () => {
    const filed = await report(server, reporter, {
      itemType: 'stories',
      itemId: storyId,
      tags: ['spam', 'harmful'],
      comments: 'Selling pills',
    });
    expect(filed).toMatchObject({
      itemType: 'stories',
      itemId: storyId,
      path: 'stories',
      documentID: storyId,
      route: `/story/${storyId}`,
      tags: ['spam', 'harmful'],
      comments: 'Selling pills',
      status: 'open',
      reportedAuthor: { id: author.id },
      // The reporter sees what they reported, but not who moderates nor what they did.
      reporter: null,
      itemExcerpt: 'Buy cheap pills #spam',
      actions: [],
    });
  });

  it("says 'select topic to report' without a topic, or with a topic of the other list", async () => {
    for (const tags of [[], ['deceased']]) {
      const error = await createReport(reporter, { itemType: 'stories', itemId: storyId, tags });
      expect(error).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: REPORT_MESSAGES.topicRequired,
        field: 'tags',
      });
    }
  });

  it('reports people with the reasons for people only', async () => {
    const filed = await report(server, reporter, {
      itemType: 'users',
      itemId: author.id,
      tags: ['fake', 'hacked'],
    });
    expect(filed).toMatchObject({ itemType: 'users', route: `/network/${author.id}/info` });
    const error = await createReport(reporter, {
      itemType: 'users',
      itemId: author.id,
      tags: ['spam'],
    });
    expect(error.message).toBe(REPORT_MESSAGES.topicRequired);
  });

  it('limits comments to 500 characters', async () => {
    const error = await createReport(reporter, {
      itemType: 'stories',
      itemId: storyId,
      tags: ['spam'],
      comments: 'x'.repeat(REPORT_COMMENTS_MAX + 1),
    });
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: REPORT_MESSAGES.commentsTooLong,
    });
  });

  it('answers NOT_FOUND for an item the reporter cannot see, or that does not exist', async () => {
    for (const itemId of [privateStoryId, 'missing']) {
      const error = await createReport(reporter, { itemType: 'stories', itemId, tags: ['spam'] });
      expect(error.code).toBe('NOT_FOUND');
    }
    const person = await createReport(reporter, {
      itemType: 'users',
      itemId: 'missing',
      tags: ['fake'],
    });
    expect(person.code).toBe('NOT_FOUND');
  });

  it('keeps one pending report per reporter and item: a second report updates the first', async () => {
    const other = await signUpVerified(server);
    const first = await report(server, other, { itemType: 'stories', itemId: storyId });
    const second = await report(server, other, {
      itemType: 'stories',
      itemId: storyId,
      tags: ['violent'],
      comments: 'Also threatening',
    });
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ tags: ['violent'], comments: 'Also threatening' });
    const mine = await gqlData<{ myReports: ReportPage }>(
      server.url,
      MY_REPORTS,
      {},
      {
        token: other.token,
      },
    );
    expect(mine.myReports.items.map((item) => item.id)).toEqual([first.id]);
  });

  it('files one report under concurrent submissions from one person', async () => {
    const other = await signUpVerified(server);
    const filed = await Promise.all(
      Array.from({ length: 5 }, () =>
        report(server, other, { itemType: 'users', itemId: author.id }),
      ),
    );
    expect(new Set(filed.map((item) => item.id)).size).toBe(1);
  });

  it('reports a comment, and takes the REST row with a collection or a full item path', async () => {
    const comment = await addComment(server, author, { itemType: 'stories', itemId: storyId });
    const byCollection = await reportOverRest(server, reporter.token, {
      path: 'comments',
      documentID: comment.id,
      tags: ['abusive'],
      comments: 'Rude',
    });
    expect(byCollection.status).toBe(201);
    expect(byCollection.body).toMatchObject({
      success: true,
      data: {
        itemType: 'comments',
        itemId: comment.id,
        // The post's page, at the comment in its thread.
        route: `/story/${storyId}#comment-${comment.id}`,
        itemExcerpt: 'Good point',
        tags: ['abusive'],
      },
    });
    const other = await signUpVerified(server);
    const byPath = await reportOverRest(server, other.token, {
      path: `stories/${storyId}/comments/${comment.id}`,
      tags: ['spam'],
    });
    expect(byPath.body.data).toMatchObject({ itemType: 'comments', itemId: comment.id });
  });

  it("answers REST's own refusals: 401 signed out, 422 without a topic, 404 unreadable", async () => {
    expect(
      (
        await reportOverRest(server, undefined, {
          path: 'stories',
          documentID: storyId,
          tags: ['spam'],
        })
      ).status,
    ).toBe(401);
    const noTopic = await reportOverRest(server, reporter.token, {
      path: 'stories',
      documentID: storyId,
      tags: [],
    });
    expect(noTopic.status).toBe(422);
    expect(noTopic.body.error?.message).toBe(REPORT_MESSAGES.topicRequired);
    const hidden = await reportOverRest(server, reporter.token, {
      path: `stories/${privateStoryId}`,
      tags: ['spam'],
    });
    expect(hidden.status).toBe(404);
  });
});

describe('the queue', () => {
  let queued: ReportView;
  let privateReport: ReportView;

  beforeAll(async () => {
    const story = await postStory(server, author, '<p>Queue me #queue</p>');
    queued = await report(server, reporter, { itemType: 'stories', itemId: story.id });
    privateReport = await report(server, spaceOwner, {
      itemType: 'stories',
      itemId: privateStoryId,
    });
  });

  it('refuses signed-out visitors and plain users', async () => {
    expect((await reportQueue(server, null)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await reportQueue(server, reporter)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await reportQueue(server, member, { spaceId })).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it("shows site moderators and admins the site's reports with reporter and excerpt, not a private space's", async () => {
    for (const viewer of [moderator, admin]) {
      const { data } = await reportQueue(server, viewer);
      const ids = data!.reportQueue.items.map((item) => item.id);
      expect(ids).toContain(queued.id);
      expect(ids).not.toContain(privateReport.id);
      const card = data!.reportQueue.items.find((item) => item.id === queued.id)!;
      expect(card).toMatchObject({
        reporter: { id: reporter.id },
        itemExcerpt: 'Queue me #queue',
        itemHidden: false,
      });
    }
    const refused = await reportQueue(server, moderator, { spaceId });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("shows a private space's owner only their space's reports", async () => {
    const { data } = await reportQueue(server, spaceOwner, { spaceId });
    expect(data!.reportQueue.items.map((item) => item.id)).toEqual([privateReport.id]);
    expect((await reportQueue(server, spaceOwner)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('filters by status and pages newest first', async () => {
    const { data } = await reportQueue(server, moderator, { status: 'open' });
    const items = data!.reportQueue.items;
    expect(items.every((item) => item.status === 'open')).toBe(true);
    const first = await gqlData<{ reportQueue: ReportPage }>(
      server.url,
      `query($after: String) { reportQueue(first: 1, after: $after) { items { id } nextCursor } }`,
      {},
      { token: moderator.token },
    );
    expect(first.reportQueue.items).toHaveLength(1);
    expect(first.reportQueue.items[0]!.id).toBe(items[0]!.id);
    const next = await gqlData<{ reportQueue: ReportPage }>(
      server.url,
      `query($after: String) { reportQueue(first: 1, after: $after) { items { id } nextCursor } }`,
      { after: first.reportQueue.nextCursor },
      { token: moderator.token },
    );
    expect(next.reportQueue.items[0]!.id).toBe(items[1]!.id);
  });

  it('sets statuses, records each with who and when, and shows them on the report', async () => {
    const refused = await gqlError(
      server.url,
      SET_REPORT_STATUS,
      { id: queued.id, status: 'reviewing' },
      {
        token: reporter.token,
      },
    );
    expect(refused.code).toBe('FORBIDDEN');
    const bad = await gqlError(
      server.url,
      SET_REPORT_STATUS,
      { id: queued.id, status: 'closed' },
      {
        token: moderator.token,
      },
    );
    expect(bad.code).toBe('BAD_USER_INPUT');
    for (const status of ['reviewing', 'dismissed', 'open', 'resolved']) {
      const data = await gqlData<{ setReportStatus: ReportView }>(
        server.url,
        SET_REPORT_STATUS,
        { id: queued.id, status },
        { token: moderator.token },
      );
      expect(data.setReportStatus.status).toBe(status);
    }
    const { report: card } = await gqlData<{ report: ReportView }>(
      server.url,
      REPORT,
      { id: queued.id },
      {
        token: admin.token,
      },
    );
    expect(card.actions.map((entry) => [entry.action, entry.note, entry.actor?.id])).toEqual([
      ['status', 'reviewing', moderator.id],
      ['status', 'dismissed', moderator.id],
      ['status', 'open', moderator.id],
      ['status', 'resolved', moderator.id],
    ]);
  });

  it("lets a private space's owner act on their space's reports only", async () => {
    const data = await gqlData<{ setReportStatus: ReportView }>(
      server.url,
      SET_REPORT_STATUS,
      { id: privateReport.id, status: 'reviewing' },
      { token: spaceOwner.token },
    );
    expect(data.setReportStatus.status).toBe('reviewing');
    const refused = await gqlError(
      server.url,
      SET_REPORT_STATUS,
      { id: queued.id, status: 'open' },
      {
        token: spaceOwner.token,
      },
    );
    expect(refused.code).toBe('FORBIDDEN');
  });

  it('shows a report to its reporter and its moderators; NOT_FOUND to anyone else', async () => {
    const own = await gql<{ report: ReportView }>(
      server.url,
      REPORT,
      { id: queued.id },
      { token: reporter.token },
    );
    expect(own.data?.report.id).toBe(queued.id);
    const other = await gql(server.url, REPORT, { id: queued.id }, { token: member.token });
    expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('hiding the item from a report resolves it and records the action on it', async () => {
    const story = await postStory(server, author, '<p>Hide me from the queue #queue</p>');
    const filed = await report(server, reporter, { itemType: 'stories', itemId: story.id });
    await moderate(server, moderator, 'hide', {
      itemType: 'stories',
      itemId: story.id,
      reportId: filed.id,
    });
    const { report: card } = await gqlData<{ report: ReportView }>(
      server.url,
      REPORT,
      { id: filed.id },
      {
        token: moderator.token,
      },
    );
    expect(card).toMatchObject({ status: 'resolved', itemHidden: true });
    expect(card.actions.map((entry) => [entry.action, entry.actor?.id])).toEqual([
      ['hide', moderator.id],
    ]);
  });
});

describe('GET /reports', () => {
  it("lists a moderator's queue and everyone else's own reports", async () => {
    const queue = await rest<{ items: { id: string; reporter: unknown }[] }>(
      server.url,
      'GET',
      '/api/reports',
      undefined,
      moderator.token,
    );
    expect(queue.status).toBe(200);
    expect(queue.body.items.length).toBeGreaterThan(2);
    const mine = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      '/api/reports',
      undefined,
      author.token,
    );
    expect(mine.body).toMatchObject({ success: true, items: [] });
    const reporterOwn = await rest<{ items: { comments: string }[] }>(
      server.url,
      'GET',
      '/api/reports',
      undefined,
      reporter.token,
    );
    expect(reporterOwn.body.items.length).toBeGreaterThan(0);
    expect((await rest(server.url, 'GET', '/api/reports')).status).toBe(401);
  });

  it('changes a status with PATCH /reports/{id}', async () => {
    const story = await postStory(server, author, '<p>Patch me #queue</p>');
    const filed = await report(server, reporter, { itemType: 'stories', itemId: story.id });
    const refused = await rest(
      server.url,
      'PATCH',
      `/api/reports/${filed.id}`,
      { data: { status: 'resolved' } },
      reporter.token,
    );
    expect(refused.status).toBe(403);
    const patched = await rest<{ data: { status: string } }>(
      server.url,
      'PATCH',
      `/api/reports/${filed.id}`,
      { data: { status: 'dismissed' } },
      moderator.token,
    );
    expect(patched.body.data.status).toBe('dismissed');
  });
});

// Last: it hides items and files reports the queue tests above would count.
describe("the reporter's view of the item", () => {
  it('shows the reporter what they reported only while they may open it', async () => {
    const excerptFor = async (user: TestUser, id: string) =>
      (await gqlData<{ report: ReportView }>(server.url, REPORT, { id }, { token: user.token }))
        .report.itemExcerpt;
    // A story the moderators hide afterwards, and a comment they hide.
    const story = await postStory(server, author, '<p>Soon hidden #pills</p>');
    const onStory = await report(server, reporter, { itemType: 'stories', itemId: story.id });
    const comment = await addComment(
      server,
      author,
      { itemType: 'stories', itemId: storyId },
      '<p>A rude remark</p>',
    );
    const onComment = await report(server, reporter, { itemType: 'comments', itemId: comment.id });
    expect(await excerptFor(reporter, onStory.id)).toBe('Soon hidden #pills');
    expect(await excerptFor(reporter, onComment.id)).toBe('A rude remark');
    await moderate(server, moderator, 'hide', { itemType: 'stories', itemId: story.id });
    await moderate(server, moderator, 'hide', { itemType: 'comments', itemId: comment.id });
    expect(await excerptFor(reporter, onStory.id)).toBeNull();
    expect(await excerptFor(reporter, onComment.id)).toBeNull();
    expect(await excerptFor(moderator, onStory.id)).toBe('Soon hidden #pills');
    expect(await excerptFor(moderator, onComment.id)).toBe('A rude remark');

    // A private space's story, reported by a member who is then blocked from the space.
    const insider = await signUpVerified(server);
    await addParticipant(server, spaceOwner, spaceId, insider);
    const inside = await report(server, insider, { itemType: 'stories', itemId: privateStoryId });
    expect(inside.itemExcerpt).toBe('Our committee minutes #wells');
    await setStatus(server, spaceOwner, spaceId, insider, 'blocked');
    expect(await excerptFor(insider, inside.id)).toBeNull();
    expect(await excerptFor(spaceOwner, inside.id)).toBe('Our committee minutes #wells');
  });
});
