import type { PathRouter } from '../../rest/paths';
import { listSpaceMedia } from './space-media.service';

/** `/list/v2?path=media&spaceId=…`: a space's attachments, as GraphQL's spaceMedia lists them. */
export function mountSpaceMediaRest(paths: PathRouter) {
  paths.register('media', {
    async list(ctx, params) {
      const page = await listSpaceMedia(ctx, {
        spaceId: params.spaceId,
        first: params.results,
        after: params.lastDocumentID,
      });
      return {
        items: page.items.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
        last: page.last,
      };
    },
  });
}
