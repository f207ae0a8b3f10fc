// How threads live in Apollo's cache. A thread is one `comments` query per sort whose first page's
// variables are fixed here (later pages are appended to it); a comment's replies are one `replies`
// query. Writes and live changes put comments into, or take them out of, those lists, and keep the
// post's `counters.totalComments` and the comment's `counters.totalReplies` current.
import type { ApolloCache } from '@apollo/client';
import { DEFAULT_PAGE_SIZE } from '@rules';
import { localEdge } from '../../app/cursorPages';
import {
  CommentItemFragmentDoc,
  CommentsDocument,
  RepliesDocument,
  type CommentableType,
  type CommentItemFragment,
  type CommentsQueryVariables,
  type CommentSort,
  type RepliesQueryVariables,
} from '../../gql/graphql';

export const COMMENTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const COMMENT_SORT_OPTIONS: CommentSort[] = ['top', 'recent'];

export interface ThreadRef {
  itemType: CommentableType;
  itemId: string;
}

export const threadVariables = (
  thread: ThreadRef,
  orderBy: CommentSort,
): CommentsQueryVariables => ({
  ...thread,
  orderBy,
  first: COMMENTS_PAGE_SIZE,
});

export const repliesVariables = (commentId: string): RepliesQueryVariables => ({
  commentId,
  first: COMMENTS_PAGE_SIZE,
});

/** The post type the thread hangs under, as the cache names its objects. */
const POST_TYPENAME: Record<CommentableType, string> = {
  stories: 'Story',
  problems: 'Problem',
  solutions: 'Solution',
  skills: 'Skill',
};

type Counters = Record<string, unknown>;

/** Sets (or steps) the post's comment count wherever a card or page shows it. */
function setPostCount(cache: ApolloCache, thread: ThreadRef, next: (count: number) => number) {
  const id = cache.identify({ __typename: POST_TYPENAME[thread.itemType], id: thread.itemId });
  if (!id) return;
  cache.modify({
    id,
    fields: {
      // Counters have no id: they are stored inside the post's object.
      counters: (existing) => {
        const counters = existing as Counters;
        return typeof counters.totalComments === 'number'
          ? { ...counters, totalComments: Math.max(next(counters.totalComments), 0) }
          : existing;
      },
    },
  });
}

function setReplyCount(cache: ApolloCache, commentId: string, next: (count: number) => number) {
  const id = cache.identify({ __typename: 'Comment', id: commentId });
  if (!id) return;
  cache.modify({
    id,
    fields: {
      counters: (existing) => {
        const counters = existing as { totalReplies: number };
        return { ...counters, totalReplies: Math.max(next(counters.totalReplies), 0) };
      },
    },
  });
}

/** Puts a comment into the lists it belongs to (a thread's both sorts, or its comment's replies). */
function insertComment(cache: ApolloCache, comment: CommentItemFragment) {
  if (comment.parentId) {
    cache.updateQuery(
      { query: RepliesDocument, variables: repliesVariables(comment.parentId) },
      (data) => {
        // Replies read oldest first: a new one goes last, once the list is complete.
        if (!data || data.replies.pageInfo.hasNextPage) return undefined;
        const { edges } = data.replies;
        if (edges.some((edge) => edge.node.id === comment.id)) return undefined;
        const edge = localEdge('CommentEdge', comment);
        return { ...data, replies: { ...data.replies, edges: [...edges, edge] } };
      },
    );
    return;
  }
  const thread = { itemType: comment.itemType, itemId: comment.itemId };
  for (const orderBy of COMMENT_SORT_OPTIONS) {
    cache.updateQuery(
      { query: CommentsDocument, variables: threadVariables(thread, orderBy) },
      (data) => {
        if (!data || data.comments.edges.some((edge) => edge.node.id === comment.id))
          return undefined;
        // A new comment shows on top, in either sort, so its writer and readers see it arrive.
        const edges = [localEdge('CommentEdge', comment), ...data.comments.edges];
        return { ...data, comments: { ...data.comments, edges } };
      },
    );
  }
}

/** Takes a comment (or reply) out of every list it is in. */
export function removeComment(cache: ApolloCache, comment: Pick<CommentItemFragment, 'id'>) {
  const id = cache.identify({ __typename: 'Comment', id: comment.id });
  if (id) cache.evict({ id });
  cache.gc();
}

/**
 * Comment ids whose live `added` event has already set the counts: the writer's own mutation then
 * leaves them alone (the event may arrive before the mutation's answer).
 */
const countedLive = new Set<string>();

/** After the viewer's own comment or reply was saved. */
export function addOwnComment(cache: ApolloCache, comment: CommentItemFragment) {
  insertComment(cache, comment);
  if (countedLive.has(comment.id)) return;
  setPostCount(cache, comment, (count) => count + 1);
  if (comment.parentId) setReplyCount(cache, comment.parentId, (count) => count + 1);
}

/** Before the server answers: the spec removes a deleted comment at once, never rolled back. */
export function deleteOwnComment(cache: ApolloCache, comment: CommentItemFragment) {
  removeComment(cache, comment);
  setPostCount(cache, comment, (count) => count - 1 - comment.counters.totalReplies);
  if (comment.parentId) setReplyCount(cache, comment.parentId, (count) => count - 1);
}

export interface LiveCommentChange {
  change: 'added' | 'updated' | 'removed';
  commentId: string;
  parentId?: string | null;
  totalComments?: number | null;
  parentTotalReplies?: number | null;
  comment?: CommentItemFragment | null;
}

/** A change someone made (or the viewer, in another tab): merged by id, counts as the server has them. */
export function applyLiveChange(cache: ApolloCache, thread: ThreadRef, change: LiveCommentChange) {
  if (change.change === 'added' && change.comment) {
    countedLive.add(change.commentId);
    insertComment(cache, change.comment);
  }
  // An edit arrives as the comment itself: Apollo merges it into the cached object by id.
  if (change.change === 'updated' && change.comment) {
    cache.writeFragment({
      id: cache.identify({ __typename: 'Comment', id: change.commentId }),
      fragment: CommentItemFragmentDoc,
      fragmentName: 'CommentItem',
      data: change.comment,
    });
  }
  if (change.change === 'removed') removeComment(cache, { id: change.commentId });
  const totalComments = change.totalComments;
  if (typeof totalComments === 'number') setPostCount(cache, thread, () => totalComments);
  const parentTotalReplies = change.parentTotalReplies;
  if (change.parentId && typeof parentTotalReplies === 'number')
    setReplyCount(cache, change.parentId, () => parentTotalReplies);
}
