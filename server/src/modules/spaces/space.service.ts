import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  lt,
  ne,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  assignableStatusSchema,
  type CountrySpaceSort,
  GLOBAL_SPACE_ID,
  idSchema,
  INVITES_PER_CALL_MAX,
  matchesPartsOfNames,
  MEDIA_MESSAGES,
  participantFilterSchema,
  privateSpaceFilterSchema,
  RATE_LIMITS,
  RECENT_SPACES_SHOWN,
  SPACE_MESSAGES,
  spaceNameSchema,
  spacePurposeSchema,
  SPACES_MENU_SIZE,
  userSearchSchema,
  spaceCodeSchema,
} from '@rules';
import { limitedWrite, limitedWriteFor } from '../../auth/rate-limit';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  afterCursor,
  decodeCursor,
  encodeCursor,
  pageSize,
  toPage,
  type Page,
} from '../../db/keyset';
import { spaceParticipants, spaces, userSpaces, users } from '../../db/schema';
import { AppError, forbidden, notFound, parseInput } from '../../errors';
import { AUTHOR_COLUMNS, type AuthorRow } from '../../graphql/loaders';
import {
  notifyInvites,
  notifyJoinAnswer,
  notifyJoinRequest,
} from '../notifications/notification-events.service';
import { resolveMedia } from '../media/media.service';
import { removeQueuedFiles } from '../media/stored-files.service';
import { deliverNotifications } from '../notifications/notify.service';
import { requireViewer, requireWriter } from '../users/user.service';
import { announceMembershipChange, participantsPage } from './space-members.service';
import { pairKey } from './space.loaders';
import { ACTIVE_PARTICIPANT_STATUSES, spaceIsReadable, spaceNameReadable } from './space.policy';
import {
  canEditSpace,
  canManage,
  filterStatuses,
  statusChangeRefusal,
  type ParticipantStatus,
} from './space-status';
import { escapeLike } from '../../db/like';

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
  return (ACTIVE_PARTICIPANT_STATUSES as readonly (string | null)[]).includes(status);
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

export async function viewerFavorite(ctx: Context, spaceId: string): Promise<boolean> {
  if (!ctx.viewer) return false;
  const row = await ctx.loaders.userSpace.load(pairKey(ctx.viewer.id, spaceId));
  return row?.favorite ?? false;
}

/** Cursor on (a date, space id): the private spaces list orders by when the membership changed. */
export interface SpaceListInput {
  after?: string | null;
  first?: number | null;
}

/** The viewer's private spaces by their status: active (owner, admin, contributor), invited, requested, blocked. */
export async function listMySpaces(
  ctx: Context,
  input: SpaceListInput & { status?: string | null },
): Promise<Page<SpaceRow>> {
  const tab = parseInput(privateSpaceFilterSchema, input.status, 'status');
  const viewer = requireViewer(ctx);
  const size = pageSize(input.first);
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
  return { items: page.items.map((row) => row.space), last: page.last };
}

/** How many invitations wait for the viewer (the drawer's badge); 0 signed out. */
export async function countInvites(ctx: Context): Promise<number> {
  if (!ctx.viewer) return 0;
  const [row] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(spaceParticipants)
    .where(
      and(eq(spaceParticipants.userId, ctx.viewer.id), eq(spaceParticipants.status, 'invited')),
    );
  return Number(row?.total ?? 0);
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
  const size = pageSize(input.first);
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
  const items = rows.slice(0, size);
  const tail = items[items.length - 1];
  const last =
    rows.length > size && tail
      ? encodeCursor({
          value: 0,
          id: `${byName ? tail.name : tail.id}${SORT_TEXT_SEPARATOR}${tail.id}`,
        })
      : null;
  return { items, last };
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
// Participants and user search

export interface ParticipantView {
  spaceId: string;
  userId: string;
  status: ParticipantStatus;
  createdAt: Date;
  updatedAt: Date;
  user: AuthorRow | null;
}

/** The viewer's participant row, or null. */
async function membership(ctx: Context, spaceId: string, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(spaceParticipants)
    .where(and(eq(spaceParticipants.spaceId, spaceId), eq(spaceParticipants.userId, userId)));
  return row ?? null;
}

/** A space the viewer can read and their status in it; NOT_FOUND when unreadable. */
async function readableSpaceWithStatus(ctx: Context, spaceId: string) {
  const viewer = requireViewer(ctx);
  // One statement, so a space deleted meanwhile is missing rather than found without its owner.
  const [found] = await ctx.db
    .select({ space: spaces, status: spaceParticipants.status })
    .from(spaces)
    .leftJoin(
      spaceParticipants,
      and(eq(spaceParticipants.spaceId, spaces.id), eq(spaceParticipants.userId, viewer.id)),
    )
    .where(and(eq(spaces.id, spaceId), spaceIsReadable(viewer)));
  if (!found) throw notFound();
  return { space: found.space, viewer, status: found.status };
}

/** A space the viewer manages (owner or admin): NOT_FOUND if unreadable, FORBIDDEN otherwise. */
async function managedSpace(ctx: Context, spaceId: string) {
  requireWriter(ctx);
  const found = await readableSpaceWithStatus(ctx, parseInput(idSchema, spaceId, 'spaceId'));
  if (!canManage(found.status)) throw forbidden();
  return found;
}

/**
 * Participants of a user-created space, listed to its active participants; invited, requested,
 * blocked (and `all`) to owners and admins only. Members of the global, country and skills spaces
 * are not listed. Newest first.
 */
export async function listParticipants(
  ctx: Context,
  input: SpaceListInput & {
    spaceId: string;
    status?: string | null;
  },
): Promise<Page<ParticipantView>> {
  const filter = parseInput(participantFilterSchema, input.status, 'status');
  const viewer = ctx.viewer;
  const [space] = await ctx.db
    .select()
    .from(spaces)
    .where(and(eq(spaces.id, input.spaceId), spaceIsReadable(viewer)));
  if (!space) throw notFound();
  if (space.kind !== 'private') throw new AppError('FORBIDDEN', SPACE_MESSAGES.membersNotListed);
  if (!viewer) throw notFound();
  const own = await membership(ctx, space.id, viewer.id);
  if (!own || !(ACTIVE_PARTICIPANT_STATUSES as readonly string[]).includes(own.status)) {
    throw new AppError('FORBIDDEN', SPACE_MESSAGES.notParticipant);
  }
  const { statuses, managersOnly } = filterStatuses(filter);
  if (managersOnly && !canManage(own.status)) throw forbidden();

  const size = pageSize(input.first);
  const cursor = decodeCursor(input.after, 'date');
  const page = await participantsPage(ctx.db, space.id, statuses, { size, cursor });
  return {
    items: page.items.map((row) => ({ ...row.participant, user: row.user })),
    last: page.last,
  };
}

/** A user as the invite search finds them: what tells people of one name apart, never an e-mail. */
export type UserSearchRow = AuthorRow & { createdAt: Date; profileTags: string[] };

/**
 * Users whose display name contains the query (from USER_SEARCH_MIN characters on) or, for a
 * shorter query, whose whole name or one whole word of it is the query ('Li' finds 'Li' and 'Li
 * Wei', not 'Alice'); newest first, without the viewer; with a space, without anyone already in
 * it (any status).
 */
export async function searchUsers(
  ctx: Context,
  input: SpaceListInput & { query: unknown; spaceId?: string | null },
): Promise<Page<UserSearchRow>> {
  const viewer = requireViewer(ctx);
  const query = parseInput(userSearchSchema, input.query, 'query');
  let exclude: SQL | undefined;
  if (input.spaceId) {
    const { space } = await readableSpaceWithStatus(ctx, input.spaceId);
    exclude = notExists(
      ctx.db
        .select({ one: sql`1` })
        .from(spaceParticipants)
        .where(
          and(eq(spaceParticipants.spaceId, space.id), eq(spaceParticipants.userId, users.id)),
        ),
    );
  }
  const size = pageSize(input.first);
  const cursor = decodeCursor(input.after, 'date');
  const nameMatches = matchesPartsOfNames(query)
    ? ilike(users.displayName, `%${escapeLike(query)}%`)
    : sql`lower(${query}) = any(regexp_split_to_array(lower(trim(${users.displayName})), '[[:space:]]+'))`;
  const rows = await ctx.db
    .select({ ...AUTHOR_COLUMNS, createdAt: users.createdAt, profileTags: users.profileTags })
    .from(users)
    .where(
      and(
        nameMatches,
        ne(users.id, viewer.id),
        exclude,
        afterCursor(users.createdAt, users.id, cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
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

// ---------------------------------------------------------------------------------------------
// Invitations, requests, statuses

const inviteSchema = z.object({
  userIds: z
    .array(idSchema, { error: SPACE_MESSAGES.inviteesRequired })
    .min(1, SPACE_MESSAGES.inviteesRequired)
    .max(INVITES_PER_CALL_MAX, SPACE_MESSAGES.inviteesMax),
});

/**
 * Invites users (owner or admin); those already in the space in any status are left alone.
 * Returns how many were invited. Each person invited counts against the inviter's limits
 * (RATE_LIMITS.spaceInvitees, and spaceInvitePerRecipient for inviting them again).
 */
export async function sendInvites(
  ctx: Context,
  spaceId: string,
  userIds: unknown,
): Promise<number> {
  const { userIds: ids } = parseInput(inviteSchema, { userIds });
  const { space, viewer } = await managedSpace(ctx, spaceId);
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  const values = existing
    .filter((user) => user.id !== viewer.id)
    .map((user) => ({
      spaceId: space.id,
      userId: user.id,
      status: 'invited' as const,
      invitedBy: viewer.id,
    }));
  if (values.length === 0) return 0;
  const already = await ctx.db
    .select({ userId: spaceParticipants.userId })
    .from(spaceParticipants)
    .where(
      and(
        eq(spaceParticipants.spaceId, space.id),
        inArray(
          spaceParticipants.userId,
          values.map((value) => value.userId),
        ),
      ),
    );
  const fresh = values.filter((value) => !already.some((row) => row.userId === value.userId));
  const limits = [
    ...(fresh.length
      ? [{ key: viewer.id, limit: RATE_LIMITS.spaceInvitees, count: fresh.length }]
      : []),
    ...fresh.map((value) => ({
      key: `${viewer.id}:${value.userId}`,
      limit: RATE_LIMITS.spaceInvitePerRecipient,
    })),
  ];
  const { invited, eventId } = await limitedWriteFor(ctx.db, 'space-invite', limits, async (tx) => {
    const inserted = await tx
      .insert(spaceParticipants)
      .values(values)
      .onConflictDoNothing()
      .returning({ userId: spaceParticipants.userId });
    const userIds = inserted.map((row) => row.userId);
    return {
      invited: userIds.length,
      eventId: await notifyInvites(tx, viewer.id, space.id, userIds),
    };
  });
  deliverNotifications(ctx, eventId);
  return invited;
}

/** Changes the viewer's own row from `from` (else NOT_FOUND) to `to`, or removes it when `to` is null. */
async function changeOwnRow(
  ctx: Context,
  spaceId: string,
  from: ParticipantStatus[],
  to: ParticipantStatus | null,
) {
  const viewer = requireWriter(ctx);
  const own = await membership(ctx, spaceId, viewer.id);
  if (!own || !from.includes(own.status)) throw notFound();
  const where = and(
    eq(spaceParticipants.spaceId, spaceId),
    eq(spaceParticipants.userId, viewer.id),
  );
  if (to)
    await ctx.db.update(spaceParticipants).set({ status: to, updatedAt: new Date() }).where(where);
  else await ctx.db.delete(spaceParticipants).where(where);
  announceMembershipChange(ctx, [viewer.id]);
}

/** Accepting an invitation makes the viewer a contributor. */
export async function acceptInvite(ctx: Context, spaceId: string): Promise<SpaceRow> {
  await changeOwnRow(ctx, spaceId, ['invited'], 'contributor');
  return getSpace(ctx, spaceId);
}

export async function declineInvite(ctx: Context, spaceId: string): Promise<void> {
  await changeOwnRow(ctx, spaceId, ['invited'], null);
}

/** Asks to join a private space; asking again while a request waits changes nothing. */
export async function requestAccess(ctx: Context, spaceId: string): Promise<ParticipantRow> {
  const viewer = requireWriter(ctx);
  const id = parseInput(idSchema, spaceId, 'spaceId');
  const [space] = await ctx.db.select().from(spaces).where(eq(spaces.id, id));
  if (!space) throw notFound();
  const own = await membership(ctx, space.id, viewer.id);
  if (own?.status === 'blocked') throw notFound();
  if (!space.isPrivate) throw new AppError('CONFLICT', SPACE_MESSAGES.publicSpaceNoRequest);
  if (own?.status === 'requested') return own;
  if (own?.status === 'invited') throw new AppError('CONFLICT', SPACE_MESSAGES.alreadyInvited);
  if (own) throw new AppError('CONFLICT', SPACE_MESSAGES.alreadyParticipant);
  // Each request tells the owners: limited per person, and per space for asking again.
  const limits = [
    { key: viewer.id, limit: RATE_LIMITS.accessRequest },
    { key: `${viewer.id}:${space.id}`, limit: RATE_LIMITS.accessRequestPerSpace },
  ];
  const { row, eventId } = await limitedWriteFor(ctx.db, 'access-request', limits, async (tx) => {
    const [inserted] = await tx
      .insert(spaceParticipants)
      .values({ spaceId: space.id, userId: viewer.id, status: 'requested' })
      .returning();
    return { row: inserted!, eventId: await notifyJoinRequest(tx, viewer.id, space.id) };
  });
  deliverNotifications(ctx, eventId);
  return row;
}

/** The row of another participant in a space the viewer manages. */
async function targetRow(ctx: Context, spaceId: string, userId: string) {
  const found = await managedSpace(ctx, spaceId);
  if (userId === found.viewer.id) throw new AppError('FORBIDDEN', SPACE_MESSAGES.ownStatus);
  const target = await membership(ctx, spaceId, parseInput(idSchema, userId, 'userId'));
  if (!target) throw notFound();
  return { ...found, target };
}

/** Approving a request makes the user a contributor; denying removes the request. */
export async function answerRequest(
  ctx: Context,
  spaceId: string,
  userId: string,
  approve: boolean,
): Promise<void> {
  const { target, viewer } = await targetRow(ctx, spaceId, userId);
  if (target.status !== 'requested') throw notFound();
  const where = and(eq(spaceParticipants.spaceId, spaceId), eq(spaceParticipants.userId, userId));
  const eventId = await ctx.db.transaction(async (tx) => {
    if (approve)
      await tx
        .update(spaceParticipants)
        .set({ status: 'contributor', updatedAt: new Date() })
        .where(where);
    else await tx.delete(spaceParticipants).where(where);
    return notifyJoinAnswer(tx, viewer.id, spaceId, userId, approve);
  });
  announceMembershipChange(ctx, [userId]);
  deliverNotifications(ctx, eventId);
}

/**
 * Owner or admin sets admin, contributor or blocked (see statusChangeRefusal). A blocked user whose
 * default space this was falls back to the global space.
 */
export async function setParticipantStatus(
  ctx: Context,
  spaceId: string,
  userId: string,
  requested: unknown,
): Promise<ParticipantView> {
  const status = parseInput(assignableStatusSchema, requested, 'status');
  const { status: actor, target } = await targetRow(ctx, spaceId, userId);
  const refusal = statusChangeRefusal(actor!, target.status, status);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(spaceParticipants)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(spaceParticipants.spaceId, spaceId), eq(spaceParticipants.userId, userId)))
      .returning();
    if (status === 'blocked') {
      await tx
        .update(users)
        .set({ defaultSpaceId: null })
        .where(and(eq(users.id, userId), eq(users.defaultSpaceId, spaceId)));
    }
    return updated!;
  });
  announceMembershipChange(ctx, [userId]);
  return { ...row, user: await ctx.loaders.authorById.load(userId) };
}

/** Leaves a space (or withdraws a request); the owner cannot leave. */
export async function leaveSpace(ctx: Context, spaceId: string): Promise<void> {
  const viewer = requireViewer(ctx);
  const own = await membership(ctx, spaceId, viewer.id);
  if (!own || own.status === 'blocked' || own.status === 'invited') throw notFound();
  if (own.status === 'owner') throw new AppError('FORBIDDEN', SPACE_MESSAGES.ownerCannotLeave);
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(spaceParticipants)
      .where(and(eq(spaceParticipants.spaceId, spaceId), eq(spaceParticipants.userId, viewer.id)));
    await tx
      .update(users)
      .set({ defaultSpaceId: null })
      .where(and(eq(users.id, viewer.id), eq(users.defaultSpaceId, spaceId)));
  });
  announceMembershipChange(ctx, [viewer.id]);
}

// ---------------------------------------------------------------------------------------------
// The viewer's relation: active space, favourites

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
