import type { Response, Router } from 'express';
import { contextOf } from '../../rest/shell';
import * as spaceExportService from './space-export.service';

export function mountAdminRest(router: Router) {
  /**
   * A space's content as a JSON download, streamed as the database is read: a big space never
   * sits in memory. Refusals come before the first byte, as ordinary REST errors.
   */
  router.get('/spaces/:id/export', async (req, res) => {
    const ctx = contextOf(res);
    const { filename, chunks } = await spaceExportService.exportSpace(ctx, req.params.id);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      for await (const chunk of chunks) {
        if (res.destroyed) return;
        if (!res.write(chunk)) await writable(res);
      }
      res.end();
    } catch (error) {
      // Headers are gone: the only honest answer left is a cut-off download.
      ctx.log.error({ err: error, requestId: ctx.requestId }, 'space export failed');
      res.destroy(error as Error);
    }
  });
}

/** Resolves when the response can take more (or the client went away: the loop then stops). */
function writable(res: Response) {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
