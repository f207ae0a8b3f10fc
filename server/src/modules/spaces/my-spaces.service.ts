import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { idSchema, privateSpaceFilterSchema, RECENT_SPACES_SHOWN, SPACES_MENU_SIZE } from '@rules';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page, mapPage } from '../../db/keyset';
import { spaceParticipants, spaces, userSpaces, users } from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import { pairKey } from './space.loaders';
import { ACTIVE_PARTICIPANT_STATUSES, spaceIsReadable } from './space.policy';
import type { ParticipantStatus } from './space-status';
import type { SpaceListInput, SpaceRow } from './space.service';
import { requireViewer } from '../../auth/guards';

/**
 * The viewer's own spaces: their active space, the spaces they entered last, their favourites and
 * their private spaces by status.
 */

export async function viewerFavorite(ctx: Context, spaceId: string): Promise<boolean> {
  if (!ctx.viewer) return false;
  const row = await ctx.loaders.userSpace.load(pairKey(ctx.viewer.id, spaceId));
  return row?.favorite ?? false;
}

/** The viewer's private spaces by their status: active (owner, admin, contributor), invited, requested, blocked. */
export async function listMySpaces(
  ctx: Context,
  input: SpaceListInput & { status?: string | null },
): Promise<Page<SpaceRow>> {
  const tab = parseInput(privateSpaceFilterSchema, input.status, 'status');
  const viewer = requireViewer(ctx);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const statuses: ParticipantStatus[] =
    tab === 'all'
      ? ['owner', 'admin', 'contributor', 'invited', 'requested', 'blocked']
      : tab === 'active'
        ? [...ACTIVE_PARTICIPANT_STATUSES]
        : [tab];
  const rows = await ctx.db
    .select({ space: spaces, updatedAt: spaceParticipants.updatedAt })
    .from(spaceParticipants)
    .innerJoin(spaces, eq(spaces.id, spaceParticipants.spaceId))
    .where(
      and(
        eq(spaceParticipants.userId, viewer.id),
        inArray(spaceParticipants.status, statuses),
        afterCursor(spaceParticipants.updatedAt, spaces.id, cursor),
      ),
    )
    .orderBy(desc(spaceParticipants.updatedAt), desc(spaces.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: row.updatedAt,
    id: row.space.id,
  }));
  return mapPage(page, (row) => row.space);
}

/** The viewer's favourite spaces that they may still read, by name. */
export async function listFavoriteSpaces(ctx: Context): Promise<SpaceRow[]> {
  if (!ctx.viewer) return [];
  const rows = await ctx.db
    .select({ space: spaces })
    .from(userSpaces)
    .innerJoin(spaces, eq(spaces.id, userSpaces.spaceId))
    .where(
      and(
        eq(userSpaces.userId, ctx.viewer.id),
        eq(userSpaces.favorite, true),
        spaceIsReadable(ctx.viewer),
      ),
    )
    .orderBy(asc(spaces.name), asc(spaces.id))
    .limit(SPACES_MENU_SIZE);
  return rows.map((row) => row.space);
}

/** The spaces the viewer entered last (at most RECENT_SPACES_SHOWN unless asked), still readable. */
export async function listRecentSpaces(ctx: Context, first?: number | null): Promise<SpaceRow[]> {
  if (!ctx.viewer) return [];
  const limit = Math.min(Math.max(first ?? RECENT_SPACES_SHOWN, 1), SPACES_MENU_SIZE);
  const rows = await ctx.db
    .select({ space: spaces })
    .from(userSpaces)
    .innerJoin(spaces, eq(spaces.id, userSpaces.spaceId))
    .where(
      and(
        eq(userSpaces.userId, ctx.viewer.id),
        isNotNull(userSpaces.lastVisitedAt),
        spaceIsReadable(ctx.viewer),
      ),
    )
    .orderBy(desc(userSpaces.lastVisitedAt), desc(spaces.id))
    .limit(limit);
  return rows.map((row) => row.space);
}

async function upsertUserSpace(
  ctx: Context,
  spaceId: string,
  set: { favorite?: boolean; lastVisitedAt?: Date },
) {
  const viewer = requireViewer(ctx);
  await ctx.db
    .insert(userSpaces)
    .values({ userId: viewer.id, spaceId, ...set })
    .onConflictDoUpdate({
      target: [userSpaces.userId, userSpaces.spaceId],
      set,
    });
}

/** Makes a readable space the viewer's active (default) space and records the visit. */
export async function changeSpace(ctx: Context, spaceId: string): Promise<SpaceRow> {
  const viewer = requireViewer(ctx);
  const [space] = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, parseInput(idSchema, spaceId, 'spaceId')), spaceIsReadable(viewer)));
  if (!space) throw notFound();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ defaultSpaceId: space.id, updatedAt: new Date() })
      .where(eq(users.id, viewer.id));
    const now = new Date();
    await tx
      .insert(userSpaces)
      .values({ userId: viewer.id, spaceId: space.id, lastVisitedAt: now })
      .onConflictDoUpdate({
        target: [userSpaces.userId, userSpaces.spaceId],
        set: { lastVisitedAt: now },
      });
  });
  return space;
}

/** Marks or unmarks a readable space as a favourite. */
export async function favoriteSpace(
  ctx: Context,
  spaceId: string,
  favorite: boolean,
): Promise<SpaceRow> {
  const viewer = requireViewer(ctx);
  const [space] = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, parseInput(idSchema, spaceId, 'spaceId')), spaceIsReadable(viewer)));
  if (!space) throw notFound();
  await upsertUserSpace(ctx, space.id, { favorite });
  ctx.loaders.userSpace.clearAll();
  return space;
}
