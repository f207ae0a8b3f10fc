import { PROBLEM_PART_TYPES, PROBLEM_STATUSES } from '@rules';
import { enumOf } from '../../graphql/enum';

// Leaf definitions: maps, solutions, tags and notifications show a problem's status too, and
// import it from here rather than from the problem types.

export const ProblemStatusEnum = enumOf(
  'ProblemStatus',
  PROBLEM_STATUSES,
  "Where a problem stands; its author and members change it (a new problem is 'unsolved').",
  {
    proposed: 'Put forward, not yet taken up as a problem to solve.',
    unsolved: 'Open: nobody is working on a solution yet.',
    solving: 'People are working on solutions.',
    solved: 'Solved.',
    archived: 'No longer followed; kept for the record.',
  },
);

export const ProblemPartTypeEnum = enumOf(
  'ProblemPartType',
  PROBLEM_PART_TYPES,
  'What a part of a problem is.',
  {
    stakeholder: 'Someone affected by the problem or able to act on it.',
    thing: 'A thing involved: a place, a resource, an object.',
    process: 'A process or practice involved.',
  },
);
