import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailTokens } from '../db/schema';

export type TokenPurpose = 'verify' | 'reset';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a fresh single-use token; earlier unused ones for the same purpose stop working. */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  hours: number,
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
      expiresAt: new Date(Date.now() + hours * 3600_000),
    });
  });
  return token;
}

/** The row of a token that still works: known, for this purpose, unused and not expired. */
const usable = (token: string, purpose: TokenPurpose) =>
  and(
    eq(emailTokens.tokenHash, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );

/** Marks the token used and returns its user, or null when it is unknown, used or expired. */
export async function consumeEmailToken(db: DbOrTx, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, purpose))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Whether `consumeEmailToken` would accept the token now, without using it up. */
export async function isEmailTokenUsable(db: DbOrTx, token: string, purpose: TokenPurpose) {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(usable(token, purpose));
  return row !== undefined;
}
