// The skills feature's pieces for others (its routes are in routes.ts).
export { SkillCard } from './SkillCard';
