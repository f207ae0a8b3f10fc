// The votes feature's pieces for solution cards and pages.
export { VoteButtons } from './VoteButtons';
export { SolutionVoters, VOTER_KINDS, type VoterKind } from './SolutionVoters';
