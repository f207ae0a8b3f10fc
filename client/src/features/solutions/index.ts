// The solutions feature's pieces for others (its routes are in routes.ts).
/** The plus button's Solution dialog. */
export { SolutionDialog } from './SolutionDialog';
/** The solutions of one problem (the problem page's Solutions tab). */
export { ProblemSolutions } from './ProblemSolutions';
export { SolutionCard } from './SolutionCard';
export { useSolutionActions } from './useSolutionActions';
