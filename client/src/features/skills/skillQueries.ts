/** Lists that change when a skill is added, edited, joined, left or deleted; they refetch after it. */
export const SKILL_LIST_QUERIES = ['Skills', 'SkillMembers'];
