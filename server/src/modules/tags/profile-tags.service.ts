import { and, arrayContains, desc, eq } from 'drizzle-orm';
import { PROFILE_TAGS_MAX, TAG_MESSAGES, tagListSchema } from '@rules';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page, mapPage } from '../../db/keyset';
import { users } from '../../db/schema';
import { parseInput } from '../../errors';
import { authorView, type AuthorView } from '../users/user.service';
import { tagIdOf, type PostListInput } from './tag.service';
import { requireViewer, requireWriter } from '../../auth/guards';

/** Profile tags: the tags people give their profile, and the people a tag finds. */

export async function myProfileTags(ctx: Context): Promise<string[]> {
  const viewer = requireViewer(ctx);
  const [row] = await ctx.db
    .select({ profileTags: users.profileTags })
    .from(users)
    .where(eq(users.id, viewer.id));
  return row?.profileTags ?? [];
}

/** Profile tags: at most 10, leading '#' removed, lower-cased, de-duplicated. */
export async function setProfileTags(ctx: Context, input: unknown): Promise<string[]> {
  const viewer = requireWriter(ctx);
  const profileTags = parseInput(
    tagListSchema(PROFILE_TAGS_MAX, TAG_MESSAGES.profileTagsMax),
    input,
    'profileTags',
  );
  await ctx.db
    .update(users)
    .set({ profileTags, updatedAt: new Date() })
    .where(eq(users.id, viewer.id));
  return profileTags;
}

/** People whose profile tags contain the tag (profile tags are public profile facts). */
export async function tagProfiles(
  ctx: Context,
  rawTag: string,
  input: PostListInput,
): Promise<Page<AuthorView>> {
  const id = tagIdOf(rawTag);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await ctx.db
    .select()
    .from(users)
    .where(
      and(arrayContains(users.profileTags, [id]), afterCursor(users.createdAt, users.id, cursor)),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: row.createdAt,
    id: row.id,
  }));
  return mapPage(page, authorView);
}
