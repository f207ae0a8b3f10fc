import type { Router } from 'express';
import type { Context } from '../../context';
import type { ListParams, PathParams, PathRouter } from '../../rest/paths';
import { bodyData, bodyFields, contextOf, ok, presentPage } from '../../rest/shell';
import { parseCommentsPath } from '../posts/post-path';
import { presentComment } from './comment.presenter';
import * as commentsService from './comment.service';

/** Every post path a thread hangs under; `:id` is the post (a solution under its problem too). */
const POST_PATTERNS = [
  'stories/:id',
  'problems/:id',
  'solutions/:id',
  'problems/:problemId/solutions/:id',
  'skills/:id',
];

/** The pattern's path with its `:name` segments filled in from `params`. */
const fill = (pattern: string, params: PathParams) =>
  pattern.replace(/:(\w+)/gu, (_, name: string) => params[name] ?? '');

/** `/list/v2?path=stories/{id}/comments` (a thread) or `…/comments/{cid}/replies` (replies). */
async function listAt(ctx: Context, path: string, params: ListParams) {
  const { post, parentId } = parseCommentsPath(path);
  const page = parentId
    ? await commentsService.listReplies(ctx, {
        commentId: parentId,
        post,
        first: params.results,
        after: params.lastDocumentID,
      })
    : await commentsService.listComments(ctx, {
        itemType: post.type,
        itemId: post.id,
        orderBy: params.orderBy,
        first: params.results,
        after: params.lastDocumentID,
      });
  return presentPage(page, (comment) => presentComment(ctx, comment));
}

/**
 * The spec's comment rows. Bodies name the thread by `path`; `tags` in a body are ignored (tags
 * always come from the text's hashtags), and so is the `path` of an edit or delete: the id names
 * the comment.
 */
export function mountCommentRest(router: Router, paths: PathRouter) {
  for (const pattern of POST_PATTERNS) {
    for (const below of ['comments', 'comments/:commentId/replies']) {
      const full = `${pattern}/${below}`;
      paths.registerList(full, (ctx, params, pathParams) =>
        listAt(ctx, fill(full, pathParams), params),
      );
    }
  }

  router.post('/comments', async (req, res) => {
    const ctx = contextOf(res);
    const { post, parentId } = parseCommentsPath(bodyFields(req).path);
    const comment = await commentsService.addComment(ctx, {
      itemType: post.type,
      itemId: post.id,
      parentId,
      commentHTML: bodyData(req).commentHTML,
    });
    ok(res.status(201), { data: await presentComment(ctx, comment) });
  });

  router.patch('/comments/:id', async (req, res) => {
    const ctx = contextOf(res);
    const comment = await commentsService.updateComment(ctx, req.params.id, {
      commentHTML: bodyData(req).commentHTML,
    });
    ok(res, { data: await presentComment(ctx, comment) });
  });

  router.delete('/comments/:id', async (req, res) => {
    await commentsService.deleteComment(contextOf(res), req.params.id);
    ok(res);
  });
}
