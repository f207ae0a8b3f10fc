import { gqlData, rest } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Comments and replies written and read over GraphQL and REST, as a person does. */

export type CommentableType = 'stories' | 'problems' | 'solutions' | 'skills';

/** Every field a comment shows, for queries, mutations and the live subscription alike. */
export const COMMENT_FIELDS = `
  id commentHTML tags mentions itemType itemId parentId path createdAt updatedAt canEdit
  author { id displayName photoURL role }
  counters { totalReplies }
`;

export interface CommentView {
  id: string;
  commentHTML: string;
  tags: string[];
  mentions: string[];
  itemType: CommentableType;
  itemId: string;
  parentId: string | null;
  path: string;
  createdAt: string;
  updatedAt: string;
  canEdit: boolean;
  author: { id: string; displayName: string; photoURL: string; role: string };
  counters: { totalReplies: number };
}

export interface CommentPage {
  items: CommentView[];
  last: string | null;
}

export const ADD_COMMENT = `mutation($input: AddCommentInput!) { addComment(input: $input) { ${COMMENT_FIELDS} } }`;
export const UPDATE_COMMENT = `mutation($id: ID!, $commentHTML: String!) { updateComment(id: $id, commentHTML: $commentHTML) { ${COMMENT_FIELDS} } }`;
export const DELETE_COMMENT = `mutation($id: ID!) { deleteComment(id: $id) }`;
export const COMMENTS = `query($itemType: CommentableType!, $itemId: ID!, $orderBy: CommentSort, $first: Int, $after: String) {
  comments(itemType: $itemType, itemId: $itemId, orderBy: $orderBy, first: $first, after: $after) { items { ${COMMENT_FIELDS} } last }
}`;
export const REPLIES = `query($commentId: ID!, $first: Int, $after: String) {
  replies(commentId: $commentId, first: $first, after: $after) { items { ${COMMENT_FIELDS} } last }
}`;
export const COMMENT_CHANGED = `subscription($itemType: CommentableType!, $itemId: ID!) {
  commentChanged(itemType: $itemType, itemId: $itemId) {
    change commentId parentId totalComments parentTotalReplies comment { ${COMMENT_FIELDS} }
  }
}`;

export interface CommentChangeView {
  commentChanged: {
    change: 'added' | 'updated' | 'removed';
    commentId: string;
    parentId: string | null;
    totalComments: number | null;
    parentTotalReplies: number | null;
    comment: CommentView | null;
  };
}

export type Thread = {
  itemType: CommentableType;
  itemId: string;
};

/** `user` comments on the thread (or replies under `parentId`); fails the test if refused. */
export async function addComment(
  server: TestServer,
  user: TestUser,
  thread: Thread,
  commentHTML = '<p>Good point</p>',
  parentId?: string,
) {
  const data = await gqlData<{ addComment: CommentView }>(
    server.url,
    ADD_COMMENT,
    { input: { ...thread, commentHTML, parentId } },
    { token: user.token },
  );
  return data.addComment;
}

/** One page of a thread as `token` sees it (signed out without one). */
export async function listComments(
  server: TestServer,
  thread: Thread,
  options: { token?: string; orderBy?: 'recent' | 'top'; first?: number; after?: string } = {},
) {
  const { token, ...variables } = options;
  const data = await gqlData<{ comments: CommentPage }>(
    server.url,
    COMMENTS,
    { ...thread, ...variables },
    { token },
  );
  return data.comments;
}

export async function listReplies(
  server: TestServer,
  commentId: string,
  options: { token?: string; first?: number; after?: string } = {},
) {
  const { token, ...variables } = options;
  const data = await gqlData<{ replies: CommentPage }>(
    server.url,
    REPLIES,
    { commentId, ...variables },
    { token },
  );
  return data.replies;
}

/** The REST comments path of a thread (`stories/{id}/comments`), or of a comment's replies. */
export const commentsPath = (thread: Thread, parentId?: string) =>
  `${thread.itemType}/${thread.itemId}/comments${parentId ? `/${parentId}/replies` : ''}`;

/** `GET /api/list/v2?path=<comments path>` with the spec's query parameters. */
export function listCommentsOverRest(
  server: TestServer,
  path: string,
  query: Record<string, string> = {},
  token?: string,
) {
  const params = new URLSearchParams({ path, ...query });
  return rest<{ items: Record<string, unknown>[]; last: string | null }>(
    server.url,
    'GET',
    `/api/list/v2?${params.toString()}`,
    undefined,
    token,
  );
}

/** The html the editor writes for an @mention of `user`. */
export const mentionOf = (user: { id: string; displayName: string }) =>
  `<span data-type="mention" data-id="${user.id}">@${user.displayName}</span>`;
