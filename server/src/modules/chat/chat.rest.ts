import type { Router } from 'express';
import { GLOBAL_SPACE_ID } from '@rules';
import type { PathRouter } from '../../rest/paths';
import { activeSpaceId, bodyData, contextOf, ok } from '../../rest/shell';
import type { Context } from '../../context';
import * as conversationService from './chat-conversations.service';
import type { ConversationView } from './chat-access.service';
import * as memberService from './chat-members.service';
import { presentChatMember, presentConversationRest, restAuthor } from './chat.presenter';

const presentList = (ctx: Context, views: ConversationView[]) =>
  Promise.all(
    views.map(async (view) =>
      presentConversationRest(
        view,
        view.authorId ? restAuthor(await ctx.loaders.authorById.load(view.authorId)) : null,
      ),
    ),
  );

/** The id of the person a REST client names for a direct chat: receiverId, or receivingAuthor.id. */
const receiverOf = (data: Record<string, unknown>) => {
  const receivingAuthor = data.receivingAuthor as { id?: unknown } | undefined;
  return data.receiverId ?? receivingAuthor?.id;
};

/**
 * The spec's conversation rows (001 §7): the groups and channels of the active space (`?spaceId`,
 * the global space by default), the viewer's direct chats, creating a conversation, adding
 * members, leaving, deleting, and `/list/v2?path=chatgroups/{id}/participants`.
 */
export function mountChatRest(router: Router, paths: PathRouter) {
  router.get('/chat/groups', async (req, res) => {
    const ctx = contextOf(res);
    const spaceId = activeSpaceId(req) ?? GLOBAL_SPACE_ID;
    const views = await conversationService.listConversationsOfKind(ctx, spaceId, 'groups');
    ok(res, { groups: await presentList(ctx, views) });
  });

  router.get('/chat/conversations', async (req, res) => {
    const ctx = contextOf(res);
    const spaceId = activeSpaceId(req) ?? GLOBAL_SPACE_ID;
    const views = await conversationService.listConversationsOfKind(ctx, spaceId, 'direct');
    const conversations = await presentList(ctx, views);
    ok(res, { items: conversations, conversations });
  });

  router.post('/chat/group', async (req, res) => {
    const data = bodyData(req);
    const conversation = await conversationService.createConversation(contextOf(res), {
      type: data.type,
      name: data.name,
      description: data.description,
      memberIds: data.memberIds,
      receiverId: receiverOf(data),
      spaceId: data.spaceId ?? activeSpaceId(req) ?? GLOBAL_SPACE_ID,
      itemType: data.itemType,
      itemId: data.itemId ?? data.problemId,
    });
    ok(res, { data: { id: conversation.id } });
  });

  router.post('/chat/group/:id/addMembers', async (req, res) => {
    await memberService.addChatMembers(contextOf(res), {
      conversationId: req.params.id,
      userIds: bodyData(req).ids,
    });
    ok(res);
  });

  router.delete('/chat/conversations/:groupId', async (req, res) => {
    await conversationService.deleteConversation(contextOf(res), req.params.groupId);
    ok(res);
  });

  router.delete('/chat/groups/:id/leave', async (req, res) => {
    await conversationService.leaveConversation(contextOf(res), req.params.id);
    ok(res);
  });

  paths.registerList('chatgroups/:id/participants', async (ctx, _params, { id }) => {
    const people = await memberService.listMembers(ctx, id ?? '');
    return { items: people.map(presentChatMember), last: null };
  });
}
