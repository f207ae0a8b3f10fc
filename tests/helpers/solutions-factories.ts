import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { problems, spaceParticipants, spaces, solutionVotes } from '../../server/src/db/schema';
import { gqlData } from './clients';
import type { TestUser } from './factories';
import type { TestServer } from './server';

/**
 * Test data for solutions and skills. Private spaces and problems are inserted as rows through
 * `server.deps.db` (their own APIs are tested by their features); solutions and skills go
 * through the product's GraphQL API as a person uses it.
 */

type ParticipantStatus = 'owner' | 'admin' | 'contributor' | 'invited' | 'requested' | 'blocked';

export async function insertPrivateSpace(
  server: TestServer,
  owner: TestUser,
  members: { user: TestUser; status: ParticipantStatus }[] = [],
) {
  const id = randomUUID();
  await server.deps.db.insert(spaces).values({
    id,
    name: `Private ${id.slice(0, 6)}`,
    kind: 'private',
    isPrivate: true,
    authorId: owner.id,
  });
  await server.deps.db.insert(spaceParticipants).values([
    { spaceId: id, userId: owner.id, status: 'owner' },
    ...members.map(({ user, status }) => ({
      spaceId: id,
      userId: user.id,
      status,
    })),
  ]);
  return id;
}

export async function insertProblem(
  server: TestServer,
  author: TestUser,
  options: { spaceId?: string; isDraft?: boolean; name?: string } = {},
) {
  const id = randomUUID();
  await server.deps.db.insert(problems).values({
    id,
    spaceId: options.spaceId ?? 'ww',
    authorId: author.id,
    name: options.name ?? `Problem ${id.slice(0, 6)}`,
    description: '<p>A problem worth solving</p>',
    isDraft: options.isDraft ?? false,
  });
  return id;
}

export async function problemCounters(server: TestServer, problemId: string) {
  const [row] = await server.deps.db
    .select({
      totalSolutions: problems.totalSolutions,
      totalSolvers: problems.totalSolvers,
    })
    .from(problems)
    .where(eq(problems.id, problemId));
  return row;
}

/** Votes arrive with the votes issue; tests insert one to see upvotedSolutions answer. */
export async function insertVote(
  server: TestServer,
  user: TestUser,
  solutionId: string,
  direction: 'up' | 'down',
) {
  await server.deps.db.insert(solutionVotes).values({ solutionId, userId: user.id, direction });
}

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

export const SKILL_FIELDS = `
  id name description tags spaceId isAnonymousPost when createdAt canEdit joined
  author { id displayName photoURL role }
  counters { totalParticipants }
`;

export interface SkillView {
  id: string;
  name: string;
  description: string;
  tags: string[];
  spaceId: string;
  isAnonymousPost: boolean;
  when: string;
  createdAt: string;
  canEdit: boolean;
  joined: boolean;
  author: { id: string; displayName: string; photoURL: string; role: string };
  counters: { totalParticipants: number };
}

export const CREATE_SKILL = `mutation($input: CreateSkillInput!) { createSkill(input: $input) { ${SKILL_FIELDS} } }`;

let skillSequence = 0;

export async function postSkill(
  server: TestServer,
  user: TestUser,
  options: {
    name?: string;
    description?: string;
    spaceId?: string;
    isAnonymousPost?: boolean;
  } = {},
) {
  skillSequence += 1;
  const data = await gqlData<{ createSkill: SkillView }>(
    server.url,
    CREATE_SKILL,
    {
      input: {
        name: `Skill ${skillSequence}`,
        description: '<p>Welding and #metalwork basics</p>',
        ...options,
      },
    },
    { token: user.token },
  );
  return data.createSkill;
}
