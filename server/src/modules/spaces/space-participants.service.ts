import { and, desc, eq, ilike, ne, notExists, sql, type SQL } from 'drizzle-orm';
import {
  matchesPartsOfNames,
  participantFilterSchema,
  SPACE_MESSAGES,
  userSearchSchema,
} from '@rules';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page, mapPage } from '../../db/keyset';
import { spaceParticipants, spaces, users } from '../../db/schema';
import { AppError, forbidden, notFound, parseInput } from '../../errors';
import { participantsPage } from './space-members.service';
import { spaceIsReadable } from './space.policy';
import { canManage, filterStatuses, isActiveStatus, type ParticipantStatus } from './space-status';
import { escapeLike } from '../../db/like';
import { membership, readableSpaceWithStatus, type SpaceListInput } from './space.service';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import { requireViewer } from '../../auth/guards';

export interface ParticipantView {
  spaceId: string;
  userId: string;
  status: ParticipantStatus;
  createdAt: Date;
  updatedAt: Date;
  user: AuthorRow | null;
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
  if (!own || !isActiveStatus(own.status)) {
    throw new AppError('FORBIDDEN', SPACE_MESSAGES.notParticipant);
  }
  const { statuses, managersOnly } = filterStatuses(filter);
  if (managersOnly && !canManage(own.status)) throw forbidden();

  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const page = await participantsPage(ctx.db, space.id, statuses, { size, cursor });
  return mapPage(page, (row) => ({ ...row.participant, user: row.user }));
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
  const size = pageSize(input.first, ctx.pageSizeMax);
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
