import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import {
  type CountrySpaceSort,
  GLOBAL_SPACE_ID,
  idSchema,
  MEDIA_MESSAGES,
  RATE_LIMITS,
  spaceNameSchema,
  spacePurposeSchema,
  spaceCodeSchema,
} from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
import { z } from 'zod';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { spaceParticipants, spaces } from '../../db/schema';
import { AppError, forbidden, notFound, parseInput } from '../../errors';
import { removeQueuedFiles } from '../media/stored-files.service';
import { announceMembershipChange } from './space-members.service';
import { pairKey } from './space.loaders';
import { spaceIsReadable, spaceNameReadable } from './space.policy';
import { canEditSpace, canManage, isActiveStatus, type ParticipantStatus } from './space-status';
import { type AuthorRow } from '../users/user.rows';
import { resolveMedia } from '../media/media-items.service';
import { requireViewer, requireWriter } from '../../auth/guards';

export type SpaceRow = typeof spaces.$inferSelect;
export type ParticipantRow = typeof spaceParticipants.$inferSelect;

/**
 * The space a request acts in: the one it names, else the viewer's default, else the global space
 * (the spec's 'empty id named Public' fallback). A named space the viewer may not read is NOT_FOUND;
 * a default the viewer can no longer read (left, blocked) falls back to the global space.
 */
export async function resolveActiveSpace(ctx: Context, spaceId?: string | null) {
  const id = spaceId || ctx.viewer?.defaultSpaceId || GLOBAL_SPACE_ID;
  const [space] = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, id), spaceIsReadable(ctx.viewer)));
  if (space) return space;
  if (!spaceId && id !== GLOBAL_SPACE_ID) return resolveActiveSpace(ctx, GLOBAL_SPACE_ID);
  throw notFound();
}

// ---------------------------------------------------------------------------------------------
// Reading spaces

/**
 * A space's page (name, purpose, image) is shown to those who may read its name
 * (spaceNameReadable): invitees and requesters besides its readers. Its people (peopleShown) and
 * content stay hidden from them (content filters with spaceReadableBy, which admits active
 * participants only). Blocked users and strangers get NOT_FOUND, as for a space that does not
 * exist.
 */
export async function getSpace(ctx: Context, id: string): Promise<SpaceRow> {
  const [space] = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, id), spaceNameReadable(ctx.viewer)));
  if (!space) throw notFound();
  return space;
}

/** The viewer's participant status in a space (null when signed out or none). */
export async function viewerStatus(
  ctx: Context,
  spaceId: string,
): Promise<ParticipantStatus | null> {
  if (!ctx.viewer) return null;
  return ctx.loaders.spaceStatus.load(pairKey(ctx.viewer.id, spaceId));
}

/**
 * A space's people (its creator, its participant count, its members) are shown to those who may
 * read its content: everyone for a public space, active participants for a private one. The
 * invited and the requesting see a private space's name, purpose and image only, and an invitee
 * also who invited them (spaceInviter); that may be the creator, seen then as the inviter.
 */
async function peopleShown(ctx: Context, space: SpaceRow): Promise<boolean> {
  if (!space.isPrivate) return true;
  const status = await viewerStatus(ctx, space.id);
  return isActiveStatus(status);
}

/** Who created the space, for those who see its people; null otherwise and for built-in spaces. */
export async function spaceCreator(ctx: Context, space: SpaceRow): Promise<AuthorRow | null> {
  if (!space.authorId || !(await peopleShown(ctx, space))) return null;
  return ctx.loaders.authorById.load(space.authorId);
}

/** Active participants, for those who see the space's people; null otherwise. */
export async function spaceParticipantCount(ctx: Context, space: SpaceRow): Promise<number | null> {
  if (!(await peopleShown(ctx, space))) return null;
  return ctx.loaders.activeParticipantCount.load(space.id);
}

/** Who invited the viewer to the space, while the invitation waits; null otherwise. */
export async function spaceInviter(ctx: Context, space: SpaceRow): Promise<AuthorRow | null> {
  if (!ctx.viewer) return null;
  const inviterId = await ctx.loaders.pendingInviter.load(pairKey(ctx.viewer.id, space.id));
  return inviterId ? ctx.loaders.authorById.load(inviterId) : null;
}

/** Cursor on (a date, space id): the private spaces list orders by when the membership changed. */
export interface SpaceListInput {
  after?: string | null;
  first?: number | null;
}

// A cursor's id cannot hold NUL (PostgreSQL text cannot), so the unit separator joins sort text and id.
const SORT_TEXT_SEPARATOR = '\u001f';

/**
 * Country spaces. Names sort A-Z and codes Z-A; the cursor carries the last row's sort text in its
 * id part (the keyset helper's values are dates or numbers), so paging seeks like every list.
 */
export async function listCountrySpaces(
  ctx: Context,
  input: SpaceListInput & { sort?: CountrySpaceSort | null },
): Promise<Page<SpaceRow>> {
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'count');
  const byName = (input.sort ?? 'countryNamesAZ') === 'countryNamesAZ';
  let seek: SQL | undefined;
  if (cursor) {
    const [sortText = '', id = ''] = cursor.id.split(SORT_TEXT_SEPARATOR);
    seek = byName
      ? or(gt(spaces.name, sortText), and(eq(spaces.name, sortText), gt(spaces.id, id)))
      : lt(spaces.id, id);
  }
  const rows = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.kind, 'country'), seek))
    .orderBy(...(byName ? [asc(spaces.name), asc(spaces.id)] : [desc(spaces.id)]))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({
    value: 0,
    id: `${byName ? row.name : row.id}${SORT_TEXT_SEPARATOR}${row.id}`,
  }));
}

/** The global space, or the country space of an ISO code. */
export async function detectSpace(ctx: Context, code?: unknown): Promise<SpaceRow> {
  const wanted = parseInput(spaceCodeSchema, code, 'code');
  if (wanted) {
    const [space] = await ctx.db
      .select()
      .from(spaces)
      .where(and(eq(spaces.kind, 'country'), eq(spaces.code, wanted)));
    if (space) return space;
  }
  const [global] = await ctx.db.select().from(spaces).where(eq(spaces.id, GLOBAL_SPACE_ID));
  if (!global) throw notFound();
  return global;
}

// ---------------------------------------------------------------------------------------------
// The viewer's place in a space, which every space service checks

/** The viewer's participant row, or null. */
export async function membership(ctx: Context, spaceId: string, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(spaceParticipants)
    .where(and(eq(spaceParticipants.spaceId, spaceId), eq(spaceParticipants.userId, userId)));
  return row ?? null;
}

/**
 * A space and the viewer's participant status in it (null: none), if it meets `condition`. One
 * statement, so a space deleted meanwhile is missing rather than found without its owner.
 */
export async function spaceWithViewerStatus(
  ctx: Context,
  viewer: Viewer,
  spaceId: string,
  condition?: SQL,
): Promise<{ space: SpaceRow; status: ParticipantStatus | null } | undefined> {
  const [found] = await ctx.db
    .select({ space: spaces, status: spaceParticipants.status })
    .from(spaces)
    .leftJoin(
      spaceParticipants,
      and(eq(spaceParticipants.spaceId, spaces.id), eq(spaceParticipants.userId, viewer.id)),
    )
    .where(and(eq(spaces.id, spaceId), condition));
  return found;
}

/** A space the viewer can read and their status in it; NOT_FOUND when unreadable. */
export async function readableSpaceWithStatus(ctx: Context, spaceId: string) {
  const viewer = requireViewer(ctx);
  const found = await spaceWithViewerStatus(ctx, viewer, spaceId, spaceIsReadable(viewer));
  if (!found) throw notFound();
  return { space: found.space, viewer, status: found.status };
}

/** A space the viewer manages (owner or admin): NOT_FOUND if unreadable, FORBIDDEN otherwise. */
export async function managedSpace(ctx: Context, spaceId: string) {
  requireWriter(ctx);
  const found = await readableSpaceWithStatus(ctx, parseInput(idSchema, spaceId, 'spaceId'));
  if (!canManage(found.status)) throw forbidden();
  return found;
}

// ---------------------------------------------------------------------------------------------
// Creating, editing, deleting

const createSchema = z.object({
  name: spaceNameSchema,
  description: spacePurposeSchema.nullish(),
  isPrivate: z.boolean().default(true),
});

const updateSchema = z.object({
  name: spaceNameSchema.optional(),
  description: spacePurposeSchema.nullish(),
  isPrivate: z.boolean().optional(),
  /** An image the editor uploaded for this space; null removes the image. */
  imageUploadId: idSchema.nullish(),
});

/**
 * The address of a space's new image (null for none), in the space's update: an image upload of
 * the editor made for this space, attached to it (so it is served to exactly the space's readers;
 * the image it replaces is deleted), else the media rules' refusal.
 */
async function spaceImageUrl(tx: DbOrTx, ctx: Context, spaceId: string, uploadId: string | null) {
  const [item] = await resolveMedia(
    tx,
    requireWriter(ctx),
    spaceId,
    uploadId ? [{ uploadId }] : [],
    { type: 'spaces', id: spaceId },
  );
  if (!item) return null;
  if (item.type !== 'image')
    throw new AppError('BAD_USER_INPUT', MEDIA_MESSAGES.typeNotAllowed, { field: 'imageUploadId' });
  return item.url;
}

/** A user-created space; its creator becomes its owner in the same transaction. */
export async function createSpace(ctx: Context, input: unknown): Promise<SpaceRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const created = await limitedWrite(
    ctx.db,
    'space-create',
    viewer.id,
    RATE_LIMITS.spaceCreate,
    async (tx) => {
      const [space] = await tx
        .insert(spaces)
        .values({
          id: randomUUID(),
          name: data.name,
          kind: 'private',
          isPrivate: data.isPrivate,
          description: data.description || null,
          authorId: viewer.id,
        })
        .returning();
      await tx
        .insert(spaceParticipants)
        .values({ spaceId: space!.id, userId: viewer.id, status: 'owner' });
      return space!;
    },
  );
  announceMembershipChange(ctx, [viewer.id]);
  return created;
}

async function ownedSpace(ctx: Context, id: string) {
  requireWriter(ctx);
  const found = await readableSpaceWithStatus(ctx, id);
  if (!canEditSpace(found.status)) throw forbidden();
  return found.space;
}

export async function updateSpace(ctx: Context, id: string, input: unknown): Promise<SpaceRow> {
  const data = parseInput(updateSchema, input);
  await ownedSpace(ctx, id);
  const space = await ctx.db.transaction(async (tx) => {
    const imageUrl =
      data.imageUploadId === undefined
        ? undefined
        : await spaceImageUrl(tx, ctx, id, data.imageUploadId);
    const [row] = await tx
      .update(spaces)
      .set({
        ...(imageUrl !== undefined && { imageUrl }),
        ...(data.name !== undefined && { name: data.name }),
        ...(data.description !== undefined && {
          description: data.description || null,
        }),
        ...(data.isPrivate !== undefined && { isPrivate: data.isPrivate }),
        updatedAt: new Date(),
      })
      .where(eq(spaces.id, id))
      .returning();
    return row!;
  });
  // A replaced image's upload was deleted with the update.
  await removeQueuedFiles(ctx);
  return space;
}

/** Deletes the space; its participants, stories, problems, solutions and tags go by cascade in one statement. */
export async function deleteSpace(ctx: Context, id: string): Promise<void> {
  await ownedSpace(ctx, id);
  // Of parallel deletes, the one that removed the row succeeds; the others find it gone.
  const removed = await ctx.db.delete(spaces).where(eq(spaces.id, id)).returning({ id: spaces.id });
  if (removed.length === 0) throw notFound();
  // Its uploads and its chats' images went by cascade, queued for removal from storage.
  await removeQueuedFiles(ctx);
}
