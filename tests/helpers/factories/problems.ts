import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { problems } from '../../../server/src/db/schema';
import { syncTagCounters } from '../../../server/src/modules/tags/tag-counters';
import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

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
export const UPDATE_PROBLEM = `mutation($id: ID!, $input: UpdateProblemInput!) { updateProblem(id: $id, input: $input) { ${PROBLEM_FIELDS} } }`;
export const PROBLEM = `query($id: ID!) { problem(id: $id) { ${PROBLEM_FIELDS} } }`;
export const PROBLEMS = `query($list: ProblemListKind, $orderBy: ProblemSort, $statuses: [ProblemStatus!], $timeRange: TimeRange,
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

/** Posts a problem over GraphQL as `user`; fails the test if the server refuses it. */
export async function postProblem(
  server: TestServer,
  user: TestUser,
  name: string,
  options: ProblemOptions = {},
) {
  const data = await gqlData<{ createProblem: ProblemView }>(
    server.url,
    CREATE_PROBLEM,
    { input: { name, description: DESCRIPTION, ...options } },
    { token: user.token },
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

/** What a post row inserted straight into the database looks like (see insertProblem). */
export interface PostRowOptions {
  spaceId?: string;
  tags?: string[];
  isDraft?: boolean;
  isAnonymousPost?: boolean;
  isApproved?: boolean;
  name?: string;
}

/** Listed as the product decides it: published, and approved (anonymous posts wait). */
export const listedRow = (options: PostRowOptions) =>
  !options.isDraft && (options.isApproved ?? !options.isAnonymousPost);

/**
 * Database shortcut: a problem row with its tags, counted in the tag counters as the product
 * counts them. For tests of other features that need many problems in set states (drafts,
 * pending, other spaces) quickly; problems themselves are posted with postProblem.
 */
export async function insertProblem(
  server: TestServer,
  author: { id: string },
  options: PostRowOptions = {},
) {
  const id = randomUUID();
  const spaceId = options.spaceId ?? 'ww';
  const tags = options.tags ?? [];
  await server.deps.db.transaction(async (tx) => {
    await tx.insert(problems).values({
      id,
      spaceId,
      authorId: author.id,
      name: options.name ?? `Problem ${id.slice(0, 6)}`,
      description: `<p>A problem worth solving ${tags.map((tag) => `#${tag}`).join(' ')}</p>`,
      tags,
      isDraft: options.isDraft ?? false,
      isAnonymousPost: options.isAnonymousPost ?? false,
      isApproved: options.isApproved ?? !options.isAnonymousPost,
    });
    await syncTagCounters(tx, 'problems', null, { spaceId, tags, listed: listedRow(options) });
  });
  return id;
}

/** A problem's solution counters as stored. */
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

export const SET_PROBLEM_STATUS = `mutation($id: ID!, $status: ProblemStatus!) { setProblemStatus(id: $id, status: $status) { id status } }`;

/** `user` moves a problem to `status` (its author or a member); fails the test if refused. */
export async function setProblemStatus(
  server: TestServer,
  user: TestUser,
  problemId: string,
  status: string,
) {
  const data = await gqlData<{ setProblemStatus: { id: string; status: string } }>(
    server.url,
    SET_PROBLEM_STATUS,
    { id: problemId, status },
    { token: user.token },
  );
  return data.setProblemStatus;
}
