import { useApolloClient, useMutation } from '@apollo/client/react';
import {
  AddCommentDocument,
  DeleteCommentDocument,
  UpdateCommentDocument,
  type CommentItemFragment,
} from '../../gql/graphql';
import { addOwnComment, deleteOwnComment, type ThreadRef } from './commentCache';

/**
 * Comment writes with their cache updates, so the thread, the replies and the post's counters
 * show the result without a refetch. Each function rejects with the server's error for the caller
 * to show.
 */
export function useCommentMutations(thread: ThreadRef) {
  const client = useApolloClient();
  const [add] = useMutation(AddCommentDocument, {
    update: (cache, { data }) => {
      if (data) addOwnComment(cache, data.addComment);
    },
  });
  const [update] = useMutation(UpdateCommentDocument);
  const [remove] = useMutation(DeleteCommentDocument);

  return {
    /** A comment on the thread, or a reply under `parentId`. */
    addComment: async (commentHTML: string, parentId?: string): Promise<CommentItemFragment> => {
      const { data } = await add({ variables: { input: { ...thread, parentId, commentHTML } } });
      if (!data) throw new Error('addComment returned no data');
      return data.addComment;
    },
    updateComment: async (id: string, commentHTML: string): Promise<CommentItemFragment> => {
      const { data } = await update({ variables: { id, commentHTML } });
      if (!data) throw new Error('updateComment returned no data');
      return data.updateComment;
    },
    /** Gone from the screen at once; a failure is reported, not rolled back (the spec's rule). */
    deleteComment: async (comment: CommentItemFragment): Promise<void> => {
      deleteOwnComment(client.cache, comment);
      await remove({ variables: { id: comment.id } });
    },
  };
}
