import { and, arrayOverlaps, eq, notInArray } from 'drizzle-orm';
import { cursorSchema, NOTIFICATION_TAGS_MAX, TAG_MESSAGES, tagListSchema } from '@rules';
import type { Context } from '../../context';
import type { Page } from '../../db/keyset';
import { notificationTags } from '../../db/schema';
import { parseInput } from '../../errors';
import { ensureTags, listPosts, type PostListInput, type TaggedPostView } from './tag.service';
import { requireViewer } from '../../auth/guards';
import { emptyPage } from '../../db/keyset';

/** Problem alerts: the viewer's notification tags and the problems they match. */

export async function myNotificationTags(ctx: Context): Promise<string[]> {
  const viewer = requireViewer(ctx);
  const rows = await ctx.db
    .select({ tagId: notificationTags.tagId })
    .from(notificationTags)
    .where(eq(notificationTags.userId, viewer.id))
    .orderBy(notificationTags.createdAt, notificationTags.tagId);
  return rows.map((row) => row.tagId);
}

/** Problem alerts: replaces the viewer's notification tags. */
export async function setNotificationTags(ctx: Context, input: unknown): Promise<string[]> {
  const viewer = requireViewer(ctx);
  const wanted = parseInput(
    tagListSchema(NOTIFICATION_TAGS_MAX, TAG_MESSAGES.notificationTagsMax),
    input,
    'tags',
  );
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(notificationTags)
      .where(
        and(
          eq(notificationTags.userId, viewer.id),
          wanted.length > 0 ? notInArray(notificationTags.tagId, wanted) : undefined,
        ),
      );
    if (wanted.length > 0) {
      await ensureTags(tx, wanted);
      await tx
        .insert(notificationTags)
        .values(wanted.map((tagId) => ({ userId: viewer.id, tagId })))
        .onConflictDoNothing();
    }
  });
  return wanted;
}

/** Problems of the active space matching the viewer's problem alerts (empty without alerts). */
export async function alertProblems(
  ctx: Context,
  input: PostListInput,
): Promise<Page<TaggedPostView>> {
  // Refused as every list refuses it, even while there are no alerts to page through.
  parseInput(cursorSchema.nullish(), input.after, 'after');
  const alerts = await myNotificationTags(ctx);
  if (alerts.length === 0) return emptyPage();
  return listPosts(ctx, 'problems', (column) => arrayOverlaps(column, alerts), input);
}
