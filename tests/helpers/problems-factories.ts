import { randomUUID } from 'node:crypto';
import { spaceParticipants, spaces } from '../../server/src/db/schema';
import { gqlData } from './clients';
import type { TestServer } from './server';

/** Every field a problem card and page show, for GraphQL queries and mutations alike. */
export const PROBLEM_FIELDS = `
  id name description status statusUpdatedAt color tags spaceId isAnonymousPost isDraft isApproved
  joined canEdit canChangeStatus createdAt updatedAt when
  author { id displayName photoURL role }
  counters { totalComments totalParticipants totalStories totalSolutions totalRecipes totalSolvers }
  statusActivity { id fromStatus toStatus createdAt }
`;

export interface ProblemView {
  id: string;
  name: string;
  description: string;
  status: string;
  statusUpdatedAt: string;
  color: string;
  tags: string[];
  spaceId: string;
  isAnonymousPost: boolean;
  isDraft: boolean;
  isApproved: boolean;
  joined: boolean;
  canEdit: boolean;
  canChangeStatus: boolean;
  createdAt: string;
  updatedAt: string;
  when: string;
  author: { id: string; displayName: string; photoURL: string; role: string };
  counters: {
    totalComments: number;
    totalParticipants: number;
    totalStories: number;
    totalSolutions: number;
    totalRecipes: number;
    totalSolvers: number;
  };
  statusActivity: {
    id: string;
    fromStatus: string | null;
    toStatus: string;
    createdAt: string;
  }[];
}

export const CREATE_PROBLEM = `mutation($input: CreateProblemInput!) { createProblem(input: $input) { ${PROBLEM_FIELDS} } }`;
export const PROBLEM = `query($id: ID!) { problem(id: $id) { ${PROBLEM_FIELDS} } }`;
export const PROBLEMS = `query($list: ProblemListKind, $orderBy: ProblemSort, $statuses: [String!], $timeRange: TimeRange,
  $startDate: DateTimeISO, $endDate: DateTimeISO, $spaceId: ID, $after: String, $first: Int) {
  problems(list: $list, orderBy: $orderBy, statuses: $statuses, timeRange: $timeRange, startDate: $startDate,
    endDate: $endDate, spaceId: $spaceId, after: $after, first: $first) { items { ${PROBLEM_FIELDS} } last }
}`;

export const DESCRIPTION = '<p>Families walk two hours for clean #water every day.</p>';

export interface ProblemOptions {
  description?: string;
  isAnonymousPost?: boolean;
  isDraft?: boolean;
  spaceId?: string;
}

/** Posts a problem over GraphQL as the user with `token`; fails the test if the server refuses it. */
export async function postProblem(
  server: TestServer,
  token: string,
  name: string,
  options: ProblemOptions = {},
) {
  const data = await gqlData<{ createProblem: ProblemView }>(
    server.url,
    CREATE_PROBLEM,
    { input: { name, description: DESCRIPTION, ...options } },
    { token },
  );
  return data.createProblem;
}

export async function listProblems(
  server: TestServer,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ items: ProblemView[]; last: string | null }> {
  const data = await gqlData<{
    problems: { items: ProblemView[]; last: string | null };
  }>(server.url, PROBLEMS, { first: 100, ...variables }, { token });
  return data.problems;
}

export type ParticipantStatus =
  'owner' | 'admin' | 'contributor' | 'invited' | 'requested' | 'blocked';

/**
 * A private space made by inserting rows directly (the spaces API is built alongside this work):
 * the owner plus members with the given statuses.
 */
export async function makePrivateSpace(
  server: TestServer,
  ownerId: string,
  members: { userId: string; status: ParticipantStatus }[] = [],
): Promise<string> {
  const id = `private-${randomUUID()}`;
  await server.deps.db.insert(spaces).values({
    id,
    name: `Private ${id.slice(8, 14)}`,
    kind: 'private',
    isPrivate: true,
    authorId: ownerId,
  });
  await server.deps.db
    .insert(spaceParticipants)
    .values([
      { spaceId: id, userId: ownerId, status: 'owner' as const },
      ...members.map((member) => ({ spaceId: id, ...member })),
    ]);
  return id;
}
