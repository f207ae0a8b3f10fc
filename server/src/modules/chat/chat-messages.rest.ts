import { randomUUID } from 'node:crypto';
import type { Request, Router } from 'express';
import { CHAT_HISTORY_PAGE } from '@rules';
import {
  bodyData,
  bodyFields,
  contextOf,
  fieldsOf,
  ok,
  queryParam,
  resultsParam,
} from '../../rest/shell';
import { sendStoredFile } from '../../storage/serve-file';
import { readableChatFileKey, uploadChatImage } from './chat-files.service';
import { presentChatMessageRest } from './chat-message.presenter';
import * as messageService from './chat-messages.service';
import * as unreadService from './chat-unread.service';

/** The replied message of the spec's payload: `selectedMessage` (its id, or the message itself). */
const replyToIdOf = (data: Record<string, unknown>) => {
  const selected = data.selectedMessage;
  if (typeof selected === 'string') return selected;
  return (selected as { id?: unknown } | null | undefined)?.id ?? undefined;
};

/** `chatInfo.receiverId` of a direct chat's first message (the conversation does not exist yet). */
const receiverIdOf = (req: Request) => fieldsOf(bodyFields(req).chatInfo).receiverId;

/** The name of an uploaded file: `X-File-Name`, URI-encoded when it is not plain ASCII. */
function fileNameOf(req: Request): string {
  const given = req.header('x-file-name') ?? '';
  try {
    return decodeURIComponent(given);
  } catch {
    return given;
  }
}

const lengthOf = (req: Request) => {
  const given = req.header('content-length');
  return given && /^\d+$/u.test(given) ? Number(given) : null;
};

/**
 * The spec's message rows (001 §7): history, send (a direct chat's first message names the
 * receiver in `chatInfo`; the message id is the client's when given), edit, delete, the active
 * conversation, clearing a conversation's unread count, and uploading an image for a message.
 */
export function mountChatMessageRest(router: Router) {
  router.get('/chat/messages/:conversationId', async (req, res) => {
    const ctx = contextOf(res);
    const page = await messageService.listChatMessages(ctx, {
      conversationId: req.params.conversationId,
      before: queryParam(req, 'before'),
      after: queryParam(req, 'after'),
      limit: resultsParam(req) ?? CHAT_HISTORY_PAGE,
    });
    ok(res, {
      messages: page.items.map((message) =>
        presentChatMessageRest(message, ctx.viewer?.id ?? null),
      ),
      hasMore: page.hasMore,
    });
  });

  router.post('/chat/conversations/:id/messages', async (req, res) => {
    const ctx = contextOf(res);
    const data = bodyData(req);
    const receiverId = receiverIdOf(req);
    const message = await messageService.sendChatMessage(ctx, {
      id: data.id ?? randomUUID(),
      ...(receiverId ? { receiverId } : { conversationId: req.params.id }),
      text: data.text,
      files: data.files,
      replyToId: replyToIdOf(data),
    });
    ok(res, {
      data: presentChatMessageRest(message, ctx.viewer?.id ?? null),
      conversationId: message.conversationId,
    });
  });

  router.patch('/chat/conversations/:conversationId/messages/:messageId', async (req, res) => {
    const ctx = contextOf(res);
    const message = await messageService.editChatMessage(ctx, {
      conversationId: req.params.conversationId,
      messageId: req.params.messageId,
      text: bodyData(req).text,
    });
    ok(res, { data: presentChatMessageRest(message, ctx.viewer?.id ?? null) });
  });

  router.delete('/chat/conversations/:conversationId/messages/:messageId', async (req, res) => {
    await messageService.deleteChatMessage(contextOf(res), {
      conversationId: req.params.conversationId,
      messageId: req.params.messageId,
    });
    ok(res);
  });

  router.post('/chat/active/conversations', async (req, res) => {
    const given = bodyFields(req).conversationId ?? bodyData(req).conversationId;
    await unreadService.setActiveConversation(
      contextOf(res),
      typeof given === 'string' && given ? given : null,
    );
    ok(res);
  });

  router.post('/chat/notifications/:id/clear', async (req, res) => {
    await unreadService.markConversationRead(contextOf(res), req.params.id);
    ok(res);
  });

  router.post('/chat/conversations/:id/files', async (req, res) => {
    try {
      const file = await uploadChatImage(contextOf(res), req.params.id, {
        body: req,
        name: fileNameOf(req),
        length: lengthOf(req),
      });
      ok(res.status(201), { data: file });
    } catch (error) {
      // Refused before the whole body arrived: the rest of it must not be read as a next request.
      if (!req.complete) res.setHeader('Connection', 'close');
      throw error;
    }
  });
}

/** `GET /uploads/chatgroups/{conversationId}/{file}`: a conversation's image, to its readers only. */
export function mountChatUploads(router: Router) {
  router.get('/chatgroups/:conversationId/:file', async (req, res) => {
    const ctx = contextOf(res);
    const key = await readableChatFileKey(ctx, req.params.conversationId, req.params.file);
    await sendStoredFile(req, res, ctx.storage, key);
  });
}
