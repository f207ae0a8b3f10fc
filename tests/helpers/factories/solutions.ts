import { randomUUID } from 'node:crypto';
import { solutions } from '../../../server/src/db/schema';
import { syncTagCounters } from '../../../server/src/modules/tags/tag-counters';
import { gqlData } from '../clients';
import type { TestServer } from '../server';
import { listedRow, type PostRowOptions } from './problems';
import type { TestUser } from './users';

/** Solutions posted over GraphQL, as a person posts them. */

export const SOLUTION_FIELDS = `
  id name description tags spaceId isAnonymousPost isDraft isApproved createdAt when canEdit upvoted downvoted
  author { id displayName photoURL role }
  counters { totalComments totalProblems totalUpvotes totalDownvotes totalOutcomes }
  problems { id name status spaceId }
`;

export interface SolutionView {
  id: string;
  name: string;
  description: string;
  tags: string[];
  spaceId: string;
  isAnonymousPost: boolean;
  isDraft: boolean;
  isApproved: boolean;
  createdAt: string;
  when: string;
  canEdit: boolean;
  upvoted: boolean;
  downvoted: boolean;
  author: { id: string; displayName: string; photoURL: string; role: string };
  counters: {
    totalComments: number;
    totalProblems: number;
    totalUpvotes: number;
    totalDownvotes: number;
    totalOutcomes: number;
  };
  problems: { id: string; name: string; status: string; spaceId: string }[];
}

export interface SolutionPage {
  items: SolutionView[];
  last: string | null;
}

export const CREATE_SOLUTION = `mutation($input: CreateSolutionInput!) { createSolution(input: $input) { ${SOLUTION_FIELDS} } }`;
export const UPDATE_SOLUTION = `mutation($id: ID!, $input: UpdateSolutionInput!) { updateSolution(id: $id, input: $input) { ${SOLUTION_FIELDS} } }`;
export const SOLUTION = `query($id: ID!) { solution(id: $id) { ${SOLUTION_FIELDS} } }`;
export const SOLUTIONS = `query($list: SolutionListKind, $problemId: ID, $orderBy: SolutionSortKind, $timeRange: TimeRange, $startDate: DateTimeISO, $endDate: DateTimeISO, $spaceId: ID, $after: String, $first: Int) {
  solutions(list: $list, problemId: $problemId, orderBy: $orderBy, timeRange: $timeRange, startDate: $startDate, endDate: $endDate, spaceId: $spaceId, after: $after, first: $first) { items { ${SOLUTION_FIELDS} } last }
}`;

export interface SolutionOptions {
  name?: string;
  description?: string;
  isAnonymousPost?: boolean;
  isDraft?: boolean;
  spaceId?: string;
  problemId?: string;
}

let solutionSequence = 0;

/** Posts a solution over GraphQL as `user`; fails the test if the server refuses it. */
export async function postSolution(
  server: TestServer,
  user: TestUser,
  options: SolutionOptions = {},
) {
  solutionSequence += 1;
  const data = await gqlData<{ createSolution: SolutionView }>(
    server.url,
    CREATE_SOLUTION,
    {
      input: {
        name: `Solution ${solutionSequence}`,
        description: '<p>Plant drought resistant trees #water</p>',
        ...options,
      },
    },
    { token: user.token },
  );
  return data.createSolution;
}

export async function listSolutions(
  server: TestServer,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<SolutionPage> {
  const data = await gqlData<{ solutions: SolutionPage }>(
    server.url,
    SOLUTIONS,
    { first: 100, ...variables },
    { token },
  );
  return data.solutions;
}

/** Database shortcut: a solution row with its tags, counted in the tag counters (see insertProblem). */
export async function insertSolution(
  server: TestServer,
  author: { id: string },
  options: PostRowOptions = {},
) {
  const id = randomUUID();
  const spaceId = options.spaceId ?? 'ww';
  const tags = options.tags ?? [];
  await server.deps.db.transaction(async (tx) => {
    await tx.insert(solutions).values({
      id,
      spaceId,
      authorId: author.id,
      name: options.name ?? `Solution ${id.slice(0, 6)}`,
      description: `<p>Fix ${tags.map((tag) => `#${tag}`).join(' ')}</p>`,
      tags,
      isDraft: options.isDraft ?? false,
      isAnonymousPost: options.isAnonymousPost ?? false,
      isApproved: options.isApproved ?? !options.isAnonymousPost,
    });
    await syncTagCounters(tx, 'solutions', null, {
      spaceId,
      tags,
      listed: listedRow(options),
    });
  });
  return id;
}
