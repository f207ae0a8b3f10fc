import { asc, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { skills } from '../../db/schema';

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
