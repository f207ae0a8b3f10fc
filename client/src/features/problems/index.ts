// The problems feature's pieces for others (its routes are in routes.ts).
/** The plus button's Problem dialog. */
export { ProblemDialog } from './ProblemDialog';
/** Picker of the viewer's joined problems (the story dialog's Problem destination). */
export { JoinedProblemSelect } from './JoinedProblemSelect';
export { StatusBadge, StatusFilter, useStatusLabel } from './ProblemBits';
export { ProblemCard } from './ProblemCard';
/** The tabs above the problem lists (the alerts page is one of them). */
export { ProblemListTabs } from './ProblemListPage';
