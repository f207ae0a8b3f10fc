import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailTokens } from '../db/schema';

/** What a link does: verify a new account's address, reset a password, or change the address. */
export type TokenPurpose = 'verify' | 'reset' | 'email-change';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a fresh single-use token; earlier unused ones for the same purpose stop working. An
 * e-mail change's token carries the new address, which becomes the account's when it is used.
 */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  hours: number,
  newEmail: string | null = null,
) {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
        ),
      );
    await tx.insert(emailTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      newEmail,
      expiresAt: new Date(Date.now() + hours * 3600_000),
    });
  });
  return token;
}

/** The row of a token that still works: known, for one of these purposes, unused and not expired. */
const usable = (token: string, purposes: readonly TokenPurpose[]) =>
  and(
    eq(emailTokens.tokenHash, hashToken(token)),
    inArray(emailTokens.purpose, [...purposes]),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );

/**
 * Marks a token of one of `purposes` used and returns what it was for, or null when it is
 * unknown, used, expired or for something else. In a transaction, a rollback leaves it unused.
 */
export async function consumeEmailTokenOf(
  db: DbOrTx,
  token: string,
  purposes: readonly TokenPurpose[],
) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, purposes))
    .returning({
      userId: emailTokens.userId,
      purpose: emailTokens.purpose,
      newEmail: emailTokens.newEmail,
    });
  return row ?? null;
}

/** Marks the token used and returns its user, or null when it is unknown, used or expired. */
export async function consumeEmailToken(db: DbOrTx, token: string, purpose: TokenPurpose) {
  return (await consumeEmailTokenOf(db, token, [purpose]))?.userId ?? null;
}

/** Whether `consumeEmailToken` would accept the token now, without using it up. */
export async function isEmailTokenUsable(db: DbOrTx, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(usable(token, [purpose]));
  return row !== undefined;
}
