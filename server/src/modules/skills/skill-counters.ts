import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { skillMembers, skills } from '../../db/schema';
import { registerAccountRemover } from '../users/account-removers';

/**
 * skills.total_participants moves by the member rows a join (+1) or leave (-1) really inserted or
 * deleted: pass the skill ids an `insert … on conflict do nothing returning` or a
 * `delete … returning` gave back. Skills are locked in id order before they are stepped.
 */
export async function stepSkillMembers(tx: DbOrTx, skillIds: readonly string[], step: 1 | -1) {
  if (skillIds.length === 0) return;
  const ids = [...new Set(skillIds)];
  await tx
    .select({ id: skills.id })
    .from(skills)
    .where(inArray(skills.id, ids))
    .orderBy(asc(skills.id))
    .for('no key update');
  await tx
    .update(skills)
    .set({ totalParticipants: sql`greatest(${skills.totalParticipants} + ${step}, 0)` })
    .where(inArray(skills.id, ids));
}

/**
 * Takes a person out of every skill they are a member of (an account's deletion, in its
 * transaction): each of those skills counts one participant fewer.
 */
export async function leaveAllSkills(tx: DbOrTx, userId: string): Promise<void> {
  const left = await tx
    .delete(skillMembers)
    .where(eq(skillMembers.userId, userId))
    .returning({ skillId: skillMembers.skillId });
  await stepSkillMembers(
    tx,
    left.map((row) => row.skillId),
    -1,
  );
}
registerAccountRemover('skill-members', leaveAllSkills);
