import { and, eq } from 'drizzle-orm';
import { GLOBAL_SPACE_ID } from '@rules';
import type { Context } from '../../context';
import { spaces } from '../../db/schema';
import { notFound } from '../../errors';
import { spaceIsReadable } from './space.policy';

/**
 * The space a request acts in: the one it names, else the viewer's default, else the global space
 * (the spec's 'empty id named Public' fallback). A space the viewer may not read is NOT_FOUND.
 */
export async function resolveActiveSpace(ctx: Context, spaceId?: string | null) {
  const id = spaceId || ctx.viewer?.defaultSpaceId || GLOBAL_SPACE_ID;
  const [space] = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, id), spaceIsReadable(ctx.viewer)));
  if (!space) throw notFound();
  return space;
}
