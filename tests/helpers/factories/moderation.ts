import { gql, gqlData, rest, type GqlResult } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Reports, the moderation queue and moderators' actions, as tests call them. */

export const MODERATION_ENTRY_FIELDS = 'id action note until createdAt actor { id displayName }';

export const REPORT_FIELDS = `
  id itemType itemId path documentID route isAnonymousPost tags comments status createdAt updatedAt
  spaceId spaceName itemExcerpt itemHidden
  reportedAuthor { id displayName } reporter { id displayName }
  actions { ${MODERATION_ENTRY_FIELDS} }
`;

export interface ReportView {
  id: string;
  itemType: string;
  itemId: string;
  path: string;
  documentID: string;
  route: string | null;
  isAnonymousPost: boolean;
  tags: string[];
  comments: string;
  status: string;
  spaceId: string | null;
  spaceName: string | null;
  itemExcerpt: string | null;
  itemHidden: boolean;
  reportedAuthor: { id: string; displayName: string } | null;
  reporter: { id: string; displayName: string } | null;
  actions: {
    id: string;
    action: string;
    note: string | null;
    until: string | null;
    actor: { id: string; displayName: string } | null;
  }[];
}

export interface ReportPage {
  items: ReportView[];
  nextCursor: string | null;
}

export const CREATE_REPORT = `mutation($input: ReportInput!) { createReport(input: $input) { ${REPORT_FIELDS} } }`;
export const MY_REPORTS = `query($first: Int, $after: String) {
  myReports(first: $first, after: $after) { items { ${REPORT_FIELDS} } nextCursor }
}`;
export const REPORT_QUEUE = `query($status: ReportStatus, $spaceId: ID, $first: Int, $after: String) {
  reportQueue(status: $status, spaceId: $spaceId, first: $first, after: $after) { items { ${REPORT_FIELDS} } nextCursor }
}`;
export const REPORT = `query($id: ID!) { report(id: $id) { ${REPORT_FIELDS} } }`;
export const SET_REPORT_STATUS = `mutation($id: ID!, $status: ReportStatus!) { setReportStatus(id: $id, status: $status) { ${REPORT_FIELDS} } }`;
export const MODERATE_ITEM = `mutation($action: ModerateItemAction!, $itemType: ReportableItemType!, $itemId: ID!, $reportId: ID) {
  moderateItem(action: $action, itemType: $itemType, itemId: $itemId, reportId: $reportId)
}`;
export const PENDING_POSTS = `query($spaceId: ID, $first: Int, $after: String) {
  pendingPosts(spaceId: $spaceId, first: $first, after: $after) {
    items { itemType itemId route excerpt spaceId spaceName createdAt author { id displayName } } nextCursor
  }
}`;
export const SUSPEND_USER = `mutation($userId: ID!, $until: DateTimeISO!, $reportId: ID) {
  suspendUser(userId: $userId, until: $until, reportId: $reportId) { id isModerator isAdmin suspendedUntil }
}`;
export const UNSUSPEND_USER = `mutation($userId: ID!) { unsuspendUser(userId: $userId) { id suspendedUntil } }`;
export const SET_MODERATOR = `mutation($userId: ID!, $moderator: Boolean!) {
  setModerator(userId: $userId, moderator: $moderator) { id isModerator isAdmin }
}`;
export const ME_ROLES = `query { me { id isModerator isAdmin suspendedUntil } }`;

export interface ReportInput {
  itemType: string;
  itemId: string;
  tags?: string[];
  comments?: string;
}

/** `user` reports an item (topics default to spam, reasons to fake); fails the test if refused. */
export async function report(server: TestServer, user: TestUser, input: ReportInput) {
  const tags = input.tags ?? [input.itemType === 'users' ? 'fake' : 'spam'];
  const data = await gqlData<{ createReport: ReportView }>(
    server.url,
    CREATE_REPORT,
    { input: { ...input, tags } },
    { token: user.token },
  );
  return data.createReport;
}

/** The queue as `user` sees it; the raw result, so refusals can be asserted. */
export const reportQueue = (
  server: TestServer,
  user: TestUser | null,
  variables: { status?: string; spaceId?: string } = {},
): Promise<GqlResult<{ reportQueue: ReportPage }>> =>
  gql(server.url, REPORT_QUEUE, variables, { token: user?.token });

/** `moderator` hides, restores, approves or rejects an item; fails the test if refused. */
export async function moderate(
  server: TestServer,
  moderator: TestUser,
  action: 'hide' | 'restore' | 'approve' | 'reject',
  item: { itemType: string; itemId: string; reportId?: string },
) {
  await gqlData(server.url, MODERATE_ITEM, { action, ...item }, { token: moderator.token });
}

/** `moderator` suspends `user` for `hours`; fails the test if refused. */
export async function suspend(server: TestServer, moderator: TestUser, user: TestUser, hours = 24) {
  const until = new Date(Date.now() + hours * 3600_000).toISOString();
  await gqlData(server.url, SUSPEND_USER, { userId: user.id, until }, { token: moderator.token });
  return until;
}

/** `POST /api/reports` as the spec's client sends it. */
export const reportOverRest = (
  server: TestServer,
  token: string | undefined,
  body: { path: string; documentID?: string; tags?: string[]; comments?: string },
) => rest<{ data: ReportView }>(server.url, 'POST', '/api/reports', body, token);
