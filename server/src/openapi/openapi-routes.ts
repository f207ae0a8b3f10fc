import { Router } from 'express';
import { docsPage } from './docs-page';
import { openApiDocument } from './openapi-document';

let page: string | null = null;

/**
 * `GET /openapi.json` (the OpenAPI 3.1 document) and `GET /docs` (its reference page), open to
 * everyone: they describe the API, not anyone's data. Mounted by the REST router before its rows,
 * so neither falls into its 404.
 */
export function createOpenApiRouter(): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(openApiDocument());
  });
  router.get('/docs', (_req, res) => {
    page ??= docsPage(openApiDocument());
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(page);
  });
  return router;
}
