import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  DIRECTORY_ROLES,
  PEOPLE_MESSAGES,
  RATE_LIMITS,
  peopleSearchSchema,
  userIdSchema,
  type Directory,
} from '@rules';
import { countWithin } from '../../auth/rate-limit';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { userFollows, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { notifyFollower } from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import { requireWriter } from '../../auth/guards';
import { escapeLike } from '../../db/like';
import { registerAccountRemover } from '../users/account-removers';

/** What anyone may read of a person: never the e-mail or settings. */
const PERSON_COLUMNS = {
  id: users.id,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  role: users.role,
  bio: users.bio,
  profileTags: users.profileTags,
  totalFollowers: users.totalFollowers,
  totalFollowing: users.totalFollowing,
  createdAt: users.createdAt,
};
export type PersonRow = {
  id: string;
  displayName: string;
  photoUrl: string | null;
  role: 'person' | 'org';
  bio: string | null;
  profileTags: string[];
  totalFollowers: number;
  totalFollowing: number;
  createdAt: Date;
};

const userIdOf = (input: unknown) => parseInput(userIdSchema, input, 'userId');

async function findPerson(db: DbOrTx, id: string): Promise<PersonRow> {
  const [row] = await db.select(PERSON_COLUMNS).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
  return row;
}

/** A profile, open to everyone (signed out too); NOT_FOUND for an unknown id. */
export const getPerson = (ctx: Context, id: unknown) => findPerson(ctx.db, userIdOf(id));

// ---------------------------------------------------------------------------------------------
// Following

/**
 * Both users' counters move by `step`, in id order so that A following B while B follows A cannot
 * deadlock. Called in the transaction that inserted or deleted the follow row, only when it did.
 */
async function stepFollowCounters(
  tx: DbOrTx,
  followerId: string,
  followeeId: string,
  step: 1 | -1,
) {
  const updates = [
    {
      id: followerId,
      set: { totalFollowing: sql`greatest(${users.totalFollowing} + ${step}, 0)` },
    },
    {
      id: followeeId,
      set: { totalFollowers: sql`greatest(${users.totalFollowers} + ${step}, 0)` },
    },
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const update of updates)
    await tx.update(users).set(update.set).where(eq(users.id, update.id));
}

/** Follows a person; following them again changes nothing. Answers the person as they now are. */
export async function followUser(ctx: Context, userId: unknown): Promise<PersonRow> {
  const viewer = requireWriter(ctx);
  const followeeId = userIdOf(userId);
  if (followeeId === viewer.id)
    throw new AppError('BAD_USER_INPUT', PEOPLE_MESSAGES.followSelf, { field: 'userId' });
  let eventId: string | undefined;
  const person = await ctx.db.transaction(async (tx) => {
    await findPerson(tx, followeeId);
    const inserted = await tx
      .insert(userFollows)
      .values({ followerId: viewer.id, followeeId })
      .onConflictDoNothing()
      .returning({ followeeId: userFollows.followeeId });
    if (inserted.length) {
      // A new follow notifies: limited per person, and per followee (unfollow, follow again).
      await countWithin(tx, 'user-follow', [
        { key: viewer.id, limit: RATE_LIMITS.userFollow },
        { key: `${viewer.id}:${followeeId}`, limit: RATE_LIMITS.userFollowPerRecipient },
      ]);
      await stepFollowCounters(tx, viewer.id, followeeId, 1);
      eventId = await notifyFollower(tx, viewer.id, followeeId);
    }
    return findPerson(tx, followeeId);
  });
  deliverNotifications(ctx, eventId);
  return person;
}

/** Stops following a person; unfollowing someone not followed changes nothing. */
export async function unfollowUser(ctx: Context, userId: unknown): Promise<PersonRow> {
  const viewer = requireWriter(ctx);
  const followeeId = userIdOf(userId);
  return ctx.db.transaction(async (tx) => {
    await findPerson(tx, followeeId);
    const deleted = await tx
      .delete(userFollows)
      .where(and(eq(userFollows.followerId, viewer.id), eq(userFollows.followeeId, followeeId)))
      .returning({ followeeId: userFollows.followeeId });
    if (deleted.length) await stepFollowCounters(tx, viewer.id, followeeId, -1);
    return findPerson(tx, followeeId);
  });
}

/**
 * Before an account is deleted (in its transaction): the people it followed lose a follower and
 * its followers follow one person fewer. The rows themselves go with the user (cascade).
 */
export async function removeFollowsOf(tx: DbOrTx, userId: string) {
  const followed = await tx
    .delete(userFollows)
    .where(eq(userFollows.followerId, userId))
    .returning({ id: userFollows.followeeId });
  const followers = await tx
    .delete(userFollows)
    .where(eq(userFollows.followeeId, userId))
    .returning({ id: userFollows.followerId });
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
  if (followed.length)
    await tx
      .update(users)
      .set({ totalFollowers: sql`greatest(${users.totalFollowers} - 1, 0)` })
      .where(inArray(users.id, ids(followed)));
  if (followers.length)
    await tx
      .update(users)
      .set({ totalFollowing: sql`greatest(${users.totalFollowing} - 1, 0)` })
      .where(inArray(users.id, ids(followers)));
}
registerAccountRemover('follows', removeFollowsOf);

/** Which of these people the viewer follows (one statement for a page of cards). */
export async function followedAmong(
  db: Db,
  viewer: Viewer | null,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!viewer || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: userFollows.followeeId })
    .from(userFollows)
    .where(and(eq(userFollows.followerId, viewer.id), inArray(userFollows.followeeId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export interface PersonListInput {
  userId?: unknown;
  after?: string | null;
  first?: number | null;
}

/** A person's followers or the people they follow, the latest follow first. */
async function listFollowRelation(
  ctx: Context,
  input: PersonListInput,
  of: 'followers' | 'following',
): Promise<Page<PersonRow>> {
  const person = await getPerson(ctx, input.userId);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const [mine, theirs] =
    of === 'followers'
      ? [userFollows.followeeId, userFollows.followerId]
      : [userFollows.followerId, userFollows.followeeId];
  const rows = await ctx.db
    .select({ ...PERSON_COLUMNS, followedAt: userFollows.createdAt })
    .from(userFollows)
    .innerJoin(users, eq(users.id, theirs))
    .where(and(eq(mine, person.id), afterCursor(userFollows.createdAt, theirs, cursor)))
    .orderBy(desc(userFollows.createdAt), desc(theirs))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.followedAt, id: row.id }));
}

export const listFollowers = (ctx: Context, input: PersonListInput) =>
  listFollowRelation(ctx, input, 'followers');

export const listFollowing = (ctx: Context, input: PersonListInput) =>
  listFollowRelation(ctx, input, 'following');

// ---------------------------------------------------------------------------------------------
// Directories

// users.created_at keeps microseconds while cursors keep milliseconds: lists sort by the
// millisecond so a cursor never falls between two rows of one millisecond.
const joinedAt = sql<Date>`date_trunc('milliseconds', ${users.createdAt})`;

/** `/network/people` (role person) or `/network/orgs` (role org), newest first, by name search. */
export async function listDirectory(
  ctx: Context,
  input: { directory: Directory; query?: unknown; after?: string | null; first?: number | null },
): Promise<Page<PersonRow>> {
  const query = parseInput(peopleSearchSchema, input.query, 'query');
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await ctx.db
    .select(PERSON_COLUMNS)
    .from(users)
    .where(
      and(
        eq(users.role, DIRECTORY_ROLES[input.directory]),
        query ? ilike(users.displayName, `%${escapeLike(query)}%`) : undefined,
        cursor
          ? sql`(${joinedAt}, ${users.id}) < (${(cursor.value as Date).toISOString()}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(joinedAt), desc(users.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
}
