import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { adminSearchSchema, idSchema } from '@rules';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page, mapPage } from '../../db/keyset';
import { spaceParticipants, spaces, users } from '../../db/schema';
import { forbidden, notFound, parseInput } from '../../errors';
import { AUTHOR_COLUMNS, type AuthorRow } from '../users/user.rows';
import { participantsPage } from '../spaces/space-members.service';
import { ACTIVE_PARTICIPANT_STATUSES, activeMemberIn } from '../spaces/space.policy';
import { spaceWithViewerStatus, type SpaceRow } from '../spaces/space.service';
import { requireViewer } from '../../auth/guards';
import { canAdminister, canManageSpaceData, spaceVisibleTo } from './admin.policy';
import { POST_KIND_NAMES, POST_KINDS } from './post-kinds';
import { escapeLike } from '../../db/like';

/**
 * Who may see the admin and manage pages, the site admin lists and a space's newest people.
 * The manage overview and analytics are in analytics.service.ts, the export in
 * space-export.service.ts.
 */

const activeStatuses = [...ACTIVE_PARTICIPANT_STATUSES];

// ---------------------------------------------------------------------------------------------
// Who may ask

function requireAdmin(ctx: Context): Viewer {
  const viewer = requireViewer(ctx);
  if (!canAdminister(viewer)) throw forbidden();
  return viewer;
}

/**
 * A space whose manage pages the viewer may see (see canManageSpaceData). A private space the
 * viewer cannot read is NOT_FOUND, as if it did not exist; otherwise a refusal is FORBIDDEN.
 */
export async function managedSpace(ctx: Context, spaceId: unknown): Promise<SpaceRow> {
  const viewer = requireViewer(ctx);
  const id = parseInput(idSchema, spaceId, 'spaceId');
  const found = await spaceWithViewerStatus(ctx, viewer, id);
  if (!found) throw notFound();
  if (canManageSpaceData(viewer, found.space, found.status)) return found.space;
  if (!spaceVisibleTo(found.space, found.status)) throw notFound();
  throw forbidden();
}

// ---------------------------------------------------------------------------------------------
// Admin lists

/** What the admin list shows of an account (never the password hash or settings). */
const ADMIN_USER_COLUMNS = {
  id: users.id,
  displayName: users.displayName,
  email: users.email,
  photoUrl: users.photoUrl,
  role: users.role,
  isModerator: users.isModerator,
  isAdmin: users.isAdmin,
  suspendedUntil: users.suspendedUntil,
  createdAt: users.createdAt,
};
export type AdminUserRow = Pick<typeof users.$inferSelect, keyof typeof ADMIN_USER_COLUMNS>;

/** Every account, newest first; the search matches part of the name or the e-mail. Admins only. */
export async function listAdminUsers(
  ctx: Context,
  input: { query?: unknown; first?: number | null; after?: string | null },
): Promise<Page<AdminUserRow>> {
  requireAdmin(ctx);
  const query = parseInput(adminSearchSchema, input.query, 'query');
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const pattern = query ? `%${escapeLike(query)}%` : null;
  const rows = await ctx.db
    .select(ADMIN_USER_COLUMNS)
    .from(users)
    .where(
      and(
        pattern ? or(ilike(users.displayName, pattern), ilike(users.email, pattern)) : undefined,
        afterCursor(users.createdAt, users.id, cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
}

export interface AdminSpaceRow extends SpaceRow {
  totalParticipants: number;
  totalItems: number;
}

/** Every space (global, countries, skills, private), newest first, searched by name. Admins only. */
export async function listAdminSpaces(
  ctx: Context,
  input: { query?: unknown; first?: number | null; after?: string | null },
): Promise<Page<AdminSpaceRow>> {
  requireAdmin(ctx);
  const query = parseInput(adminSearchSchema, input.query, 'query');
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const itemCounts = POST_KIND_NAMES.map((kind) => {
    const { table } = POST_KINDS[kind];
    return sql`(select count(*) from ${table} where ${and(
      sql`${table.spaceId} = ${spaces.id}`,
      POST_KINDS[kind].published,
    )})`;
  });
  const rows = await ctx.db
    .select({
      space: spaces,
      totalParticipants:
        sql<number>`(select count(*) from ${spaceParticipants} where ${activeMemberIn(
          spaces.id,
        )})`.mapWith(Number),
      totalItems: sql<number>`${sql.join(itemCounts, sql` + `)}`.mapWith(Number),
    })
    .from(spaces)
    .where(
      and(
        query ? ilike(spaces.name, `%${escapeLike(query)}%`) : undefined,
        afterCursor(spaces.createdAt, spaces.id, cursor),
      ),
    )
    .orderBy(desc(spaces.createdAt), desc(spaces.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({ value: row.space.createdAt, id: row.space.id }));
  return mapPage(page, (row) => ({
    ...row.space,
    totalParticipants: row.totalParticipants,
    totalItems: row.totalItems,
  }));
}

export interface ManagedPersonView {
  person: AuthorRow;
  joinedAt: Date;
  status: string | null;
}

/**
 * The newest people of a space the viewer manages: newest accounts for a public space (everyone
 * may post there), newest active participants for a private one.
 */
export async function listManagedPeople(
  ctx: Context,
  input: { spaceId: unknown; first?: number | null; after?: string | null },
): Promise<Page<ManagedPersonView>> {
  const space = await managedSpace(ctx, input.spaceId);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  if (!space.isPrivate) {
    const rows = await ctx.db
      .select({ ...AUTHOR_COLUMNS, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.emailVerified, true), afterCursor(users.createdAt, users.id, cursor)))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(size + 1);
    const page = toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
    return mapPage(page, ({ createdAt, ...person }) => ({
      person,
      joinedAt: createdAt,
      status: null,
    }));
  }
  const page = await participantsPage(ctx.db, space.id, activeStatuses, { size, cursor });
  return mapPage(page, (row) => ({
    person: row.user,
    joinedAt: row.participant.createdAt,
    status: row.participant.status,
  }));
}
