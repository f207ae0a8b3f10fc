import { eq } from 'drizzle-orm';
import { solutions } from '../../../server/src/db/schema';
import { gql, gqlData, type GqlResult } from '../clients';
import type { TestUser } from './users';
import type { TestServer } from '../server';

/** Votes on solutions, cast through the GraphQL API as a person does. */

export const MY_VOTE_FIELDS = `
  id upvoted downvoted
  myVote { direction feedback upvotedWhen downvotedWhen }
  counters { totalUpvotes totalDownvotes }
`;

export interface VoteState {
  id: string;
  upvoted: boolean;
  downvoted: boolean;
  myVote: {
    direction: 'up' | 'down';
    feedback: string;
    upvotedWhen: string | null;
    downvotedWhen: string | null;
  } | null;
  counters: { totalUpvotes: number; totalDownvotes: number };
}

export const UPVOTE = `mutation($id: ID!, $feedback: String) { upvoteSolution(id: $id, feedback: $feedback) { ${MY_VOTE_FIELDS} } }`;
export const DOWNVOTE = `mutation($id: ID!, $feedback: String) { downvoteSolution(id: $id, feedback: $feedback) { ${MY_VOTE_FIELDS} } }`;
export const RESET_VOTE = `mutation($id: ID!) { resetVote(id: $id) { ${MY_VOTE_FIELDS} } }`;
export const VOTERS = `query($solutionId: ID!, $direction: VoteDirection!, $first: Int, $after: String) {
  solutionVoters(solutionId: $solutionId, direction: $direction, first: $first, after: $after) {
    items { id displayName photoURL role when feedback } last
  }
}`;

export interface Voter {
  id: string;
  displayName: string;
  photoURL: string;
  role: string;
  when: string;
  feedback: string | null;
}

const MUTATION = { up: UPVOTE, down: DOWNVOTE } as const;
const FIELD = { up: 'upvoteSolution', down: 'downvoteSolution' } as const;

/** Sends a vote and answers the raw result (for refusals and concurrency). */
export const sendVote = (
  server: TestServer,
  user: TestUser | undefined,
  solutionId: string,
  direction: 'up' | 'down',
  feedback?: string,
): Promise<GqlResult<Record<string, VoteState>>> =>
  gql(server.url, MUTATION[direction], { id: solutionId, feedback }, { token: user?.token });

/** `user` votes on the solution; fails the test if the server refuses. */
export async function vote(
  server: TestServer,
  user: TestUser,
  solutionId: string,
  direction: 'up' | 'down',
  feedback?: string,
): Promise<VoteState> {
  const data = await gqlData<Record<string, VoteState>>(
    server.url,
    MUTATION[direction],
    { id: solutionId, feedback },
    { token: user.token },
  );
  return data[FIELD[direction]]!;
}

export async function resetVote(server: TestServer, user: TestUser, solutionId: string) {
  const data = await gqlData<{ resetVote: VoteState }>(
    server.url,
    RESET_VOTE,
    { id: solutionId },
    { token: user.token },
  );
  return data.resetVote;
}

export async function voters(
  server: TestServer,
  solutionId: string,
  direction: 'up' | 'down',
  token?: string,
  page: { first?: number; after?: string | null } = {},
) {
  const data = await gqlData<{ solutionVoters: { items: Voter[]; last: string | null } }>(
    server.url,
    VOTERS,
    { solutionId, direction, ...page },
    { token },
  );
  return data.solutionVoters;
}

/** The counters as stored (what every read shows). */
export async function voteCounters(server: TestServer, solutionId: string) {
  const [row] = await server.deps.db
    .select({ totalUpvotes: solutions.totalUpvotes, totalDownvotes: solutions.totalDownvotes })
    .from(solutions)
    .where(eq(solutions.id, solutionId));
  return row;
}
