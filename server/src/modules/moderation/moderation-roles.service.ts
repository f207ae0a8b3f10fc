import { and, eq, inArray, or } from 'drizzle-orm';
import { idSchema, REPORT_MESSAGES, suspensionUntilSchema } from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { reports, users } from '../../db/schema';
import { AppError, forbidden, notFound, parseInput } from '../../errors';
import { requireWriter } from '../../auth/guards';
import { record } from './moderation-access.service';
import { lockReport } from './moderation-reports.service';
import { canSuspendUser, isSiteModerator } from './moderation.policy';

export type UserRow = typeof users.$inferSelect;

async function lockPerson(tx: DbOrTx, userId: string): Promise<UserRow> {
  const [person] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!person) throw notFound();
  return person;
}

const suspendSchema = z.object({
  userId: idSchema,
  until: suspensionUntilSchema,
  reportId: idSchema.nullish(),
});

/**
 * Suspends a person until a time (site moderators and admins; never an admin, never oneself):
 * they read but write nothing, and are told until when. Recorded; a named report is resolved.
 */
export async function suspendUser(ctx: Context, input: unknown): Promise<UserRow> {
  const viewer = requireWriter(ctx);
  if (!isSiteModerator(viewer)) throw forbidden();
  const data = parseInput(suspendSchema, input);
  if (data.userId === viewer.id) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    if (data.reportId) await lockReport(ctx, tx, data.reportId);
    const person = await lockPerson(tx, data.userId);
    if (!canSuspendUser(viewer, person)) throw forbidden();
    const [updated] = await tx
      .update(users)
      .set({ suspendedUntil: data.until, updatedAt: new Date() })
      .where(eq(users.id, person.id))
      .returning();
    await record(tx, viewer.id, 'suspend', {
      reportId: data.reportId ?? null,
      itemType: 'users',
      itemId: person.id,
      targetUserId: person.id,
      until: data.until,
    });
    if (data.reportId)
      await tx
        .update(reports)
        .set({ status: 'resolved', updatedAt: new Date() })
        .where(eq(reports.id, data.reportId));
    return updated!;
  });
}

/** Ends a suspension now (site moderators and admins); recorded. */
export async function unsuspendUser(ctx: Context, userId: unknown): Promise<UserRow> {
  const viewer = requireWriter(ctx);
  if (!isSiteModerator(viewer)) throw forbidden();
  const id = parseInput(idSchema, userId, 'userId');
  return ctx.db.transaction(async (tx) => {
    const person = await lockPerson(tx, id);
    const [updated] = await tx
      .update(users)
      .set({ suspendedUntil: null, updatedAt: new Date() })
      .where(eq(users.id, person.id))
      .returning();
    await record(tx, viewer.id, 'unsuspend', {
      itemType: 'users',
      itemId: person.id,
      targetUserId: person.id,
    });
    return updated!;
  });
}

/** Admins grant and revoke moderator; recorded. */
export async function setModerator(
  ctx: Context,
  userId: string,
  moderator: boolean,
): Promise<UserRow> {
  const viewer = requireWriter(ctx);
  if (!viewer.isAdmin) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId);
    const [updated] = await tx
      .update(users)
      .set({ isModerator: moderator, updatedAt: new Date() })
      .where(eq(users.id, person.id))
      .returning();
    await record(tx, viewer.id, moderator ? 'grantModerator' : 'revokeModerator', {
      itemType: 'users',
      itemId: person.id,
      targetUserId: person.id,
    });
    return updated!;
  });
}

/**
 * Makes the account with this e-mail an admin (and moderator): `npm run admin:create <email>`.
 * NOT_FOUND, saying so, when no account has it.
 */
export async function makeAdmin(db: DbOrTx, email: string): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ isAdmin: true, isModerator: true, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND', REPORT_MESSAGES.noSuchAccount);
  return updated;
}

/**
 * `ADMIN_EMAILS`: the verified accounts with these e-mails are admins (and moderators). Run at
 * start and when an account is verified; one statement, nothing when the list is empty.
 */
export async function grantConfiguredAdmins(db: DbOrTx, emails: readonly string[]) {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set({ isAdmin: true, isModerator: true, updatedAt: new Date() })
    .where(
      and(
        inArray(users.email, [...emails]),
        eq(users.emailVerified, true),
        or(eq(users.isAdmin, false), eq(users.isModerator, false)),
      ),
    );
}
