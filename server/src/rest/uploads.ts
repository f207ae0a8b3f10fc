import { Router } from 'express';
import { notFound } from '../errors';
import { mountChatUploads } from '../modules/chat/chat-messages.rest';

/**
 * `/uploads/*`: stored files, each collection served by the feature that knows who may read it
 * (the context is resolved as for REST, so a cookie or Bearer token names the reader).
 */
export function createUploadsRouter(): Router {
  const router = Router();
  mountChatUploads(router);
  // Any other path is the API's 404, not the client's page.
  router.use(() => {
    throw notFound();
  });
  return router;
}
