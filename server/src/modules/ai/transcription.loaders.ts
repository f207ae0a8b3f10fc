import DataLoader from 'dataloader';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { uploadReadableBy } from '../media/media.policy';

/**
 * MediaItem.transcription: the transcript file's key of each audio upload the viewer may read
 * (media.policy.ts), one statement for a page of posts; null when none or not readable.
 */
export const createTranscriptionLoaders = (db: Db, viewer: Viewer | null) => ({
  transcriptKey: new DataLoader<string, string | null>(async (uploadIds) => {
    const rows = await db
      .select({ id: uploads.id, key: uploads.transcriptKey })
      .from(uploads)
      .where(
        and(
          inArray(uploads.id, [...uploadIds]),
          isNotNull(uploads.transcriptKey),
          uploadReadableBy(viewer),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row.key]));
    return uploadIds.map((id) => byId.get(id) ?? null);
  }),
});
