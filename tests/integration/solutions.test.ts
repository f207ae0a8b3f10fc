import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solutions, spaceTags } from '../../server/src/db/schema';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  signUpVerified,
  type TestUser,
  CREATE_SOLUTION,
  SOLUTION,
  SOLUTION_FIELDS,
  SOLUTIONS,
  createPrivateSpace,
  insertProblem,
  vote,
  listSolutions,
  postSolution,
  problemCounters,
  type SolutionView,
  UPDATE_SOLUTION,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const DELETE = `mutation($id: ID!) { deleteSolution(id: $id) }`;
const LINK = `mutation($solutionId: ID!, $problemIds: [ID!]!) { linkSolution(solutionId: $solutionId, problemIds: $problemIds) { ${SOLUTION_FIELDS} } }`;
const UNLINK = `mutation($solutionId: ID!, $problemId: ID!) { unlinkSolution(solutionId: $solutionId, problemId: $problemId) { ${SOLUTION_FIELDS} } }`;
const UPVOTED = `query($problemId: ID!) { upvotedSolutions(problemId: $problemId) { id name upvoted } }`;

const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);
const countOf = async (user: TestUser) =>
  (await listSolutions(server, { list: 'mysolutions' }, user.token)).items.length;
const getSolution = (id: string, token?: string) =>
  gqlData<{ solution: SolutionView }>(server.url, SOLUTION, { id }, { token }).then(
    (data) => data.solution,
  );

describe('adding a solution', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(
      await gqlError(server.url, CREATE_SOLUTION, {
        input: { name: 'Plant trees', description: '<p>Plant many trees</p>' },
      }),
    ).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please sign in' });
    const response = await rest(server.url, 'POST', '/api/solutions', {
      data: { name: 'Plant trees', description: '<p>Plant many trees</p>' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      success: false,
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Please sign in',
        field: null,
      },
    });
  });

  it('posts a standalone solution with its author, hashtags as tags and zero counters', async () => {
    const solution = await postSolution(server, alice, {
      name: '  Rain #harvesting  ',
      description: '<p>Collect rain from roofs for #Water supply</p><script>alert(1)</script>',
    });
    expect(solution).toMatchObject({
      name: 'Rain #harvesting',
      description: '<p>Collect rain from roofs for #Water supply</p>',
      tags: ['harvesting', 'water'],
      spaceId: 'ww',
      isAnonymousPost: false,
      isDraft: false,
      isApproved: true,
      canEdit: true,
      upvoted: false,
      downvoted: false,
      author: {
        id: alice.id,
        displayName: 'Alice',
        photoURL: '',
        role: 'person',
      },
      counters: {
        totalComments: 0,
        totalProblems: 0,
        totalUpvotes: 0,
        totalDownvotes: 0,
        totalOutcomes: 0,
      },
      problems: [],
    });
    expect(solution.when).toBe(solution.createdAt);
    expect(ids(await listSolutions(server))).toContain(solution.id);
    expect(await getSolution(solution.id)).toMatchObject({
      id: solution.id,
      canEdit: false,
    });
  });

  it('posts under a problem: linked, counted on the problem and shown in its solutions', async () => {
    const problemId = await insertProblem(server, bob);
    const first = await postSolution(server, alice, { problemId });
    expect(first.counters.totalProblems).toBe(1);
    expect(first.problems).toEqual([
      expect.objectContaining({
        id: problemId,
        status: 'unsolved',
        spaceId: 'ww',
      }),
    ]);
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 1,
      totalSolvers: 1,
    });

    await postSolution(server, alice, { problemId });
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 2,
      totalSolvers: 1,
    });
    const third = await postSolution(server, carol, { problemId });
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 3,
      totalSolvers: 2,
    });
    expect(ids(await listSolutions(server, { problemId }))[0]).toBe(third.id);
  });

  it('posts anonymously: shown as Anonymous to everyone and kept out of lists until approved', async () => {
    const solution = await postSolution(server, alice, {
      isAnonymousPost: true,
    });
    expect(solution).toMatchObject({
      isAnonymousPost: true,
      isApproved: false,
      author: { id: '', displayName: 'Anonymous', photoURL: '', role: 'user' },
    });
    expect(ids(await listSolutions(server))).not.toContain(solution.id);
    expect(await getSolution(solution.id, alice.token)).toMatchObject({
      id: solution.id,
      canEdit: true,
    });
    expect(
      await gqlError(server.url, SOLUTION, { id: solution.id }, { token: bob.token }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('keeps a draft to its author and out of the problem counters', async () => {
    const problemId = await insertProblem(server, bob);
    const draft = await postSolution(server, alice, {
      isDraft: true,
      problemId,
    });
    expect(draft.isDraft).toBe(true);
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 0,
      totalSolvers: 0,
    });
    expect(ids(await listSolutions(server, { problemId }))).toEqual([]);
    expect(ids(await listSolutions(server, { list: 'mysolutions' }, alice.token))).toContain(
      draft.id,
    );

    await gqlData(
      server.url,
      UPDATE_SOLUTION,
      { id: draft.id, input: { isDraft: false } },
      { token: alice.token },
    );
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 1,
      totalSolvers: 1,
    });
  });

  it('refuses a problem the viewer cannot read as not found', async () => {
    const space = (await createPrivateSpace(server, bob)).id;
    const hidden = await insertProblem(server, bob, { spaceId: space });
    const before = await countOf(alice);
    expect(
      await gqlError(
        server.url,
        CREATE_SOLUTION,
        {
          input: {
            name: 'Sneaky',
            description: '<p>Not allowed here</p>',
            problemId: hidden,
          },
        },
        { token: alice.token },
      ),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Item has been deleted' });
    expect(await countOf(alice)).toBe(before);
  });

  describe('rules, each with its message and nothing stored', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        'a missing title',
        { description: '<p>Long enough description</p>' },
        'Title required',
        'name',
      ],
      [
        'an empty title',
        { name: '', description: '<p>Long enough description</p>' },
        'Title is required',
        'name',
      ],
      [
        'a whitespace title',
        { name: '   \n ', description: '<p>Long enough description</p>' },
        'Title is required',
        'name',
      ],
      [
        'a title under 3 characters',
        { name: ' ab ', description: '<p>Long enough description</p>' },
        'Min 3 characters',
        'name',
      ],
      [
        'a title over 150 characters',
        {
          name: 'x'.repeat(151),
          description: '<p>Long enough description</p>',
        },
        'Max 150 characters',
        'name',
      ],
      [
        'a description under 10 characters',
        { name: 'Good title', description: '<p>  short  </p>' },
        'No Content. Please add at least 10 characters.',
        'description',
      ],
      [
        'an empty description',
        { name: 'Good title', description: '<p></p>' },
        'No Content. Please add at least 10 characters.',
        'description',
      ],
      [
        'a dotted hashtag',
        { name: 'Good title', description: '<p>Use #node.js for this</p>' },
        "Hashtags cannot contain '.'",
        'description',
      ],
    ];
    for (const [what, input, message, field] of cases) {
      it(`rejects ${what} with "${message}"`, async () => {
        const before = await countOf(carol);
        const error = await gqlError(
          server.url,
          `mutation($input: CreateSolutionInput!) { createSolution(input: $input) { id } }`,
          {
            input: {
              name: 'placeholder',
              ...input,
              ...(input.name === undefined && { name: undefined }),
            },
          },
          { token: carol.token },
        ).catch(async () => null);
        // GraphQL requires a name, so a missing title is checked over REST, where payloads are free-form.
        if (input.name === undefined || error === null) {
          const response = await rest(
            server.url,
            'POST',
            '/api/solutions',
            { data: input },
            carol.token,
          );
          expect(response.status).toBe(422);
          expect(response.body.error).toEqual({
            code: 'BAD_USER_INPUT',
            message,
            field,
          });
        } else {
          expect(error).toMatchObject({
            code: 'BAD_USER_INPUT',
            message,
            field,
          });
        }
        expect(await countOf(carol)).toBe(before);
      });
    }
  });
});

describe('editing and deleting a solution', () => {
  it('lets the author edit: new title and tags, counters kept', async () => {
    const solution = await postSolution(server, alice);
    const data = await gqlData<{ updateSolution: SolutionView }>(
      server.url,
      UPDATE_SOLUTION,
      {
        id: solution.id,
        input: {
          name: 'Better title',
          description: '<p>Now about #soil health</p>',
        },
      },
      { token: alice.token },
    );
    expect(data.updateSolution).toMatchObject({
      name: 'Better title',
      tags: ['soil'],
      canEdit: true,
    });
  });

  it('asks a signed-out visitor to sign in, refuses others, and applies the rules', async () => {
    const solution = await postSolution(server, alice);
    expect(
      await gqlError(server.url, UPDATE_SOLUTION, {
        id: solution.id,
        input: { name: 'Hijack' },
      }),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(
      await gqlError(
        server.url,
        UPDATE_SOLUTION,
        { id: solution.id, input: { name: 'Hijack' } },
        { token: bob.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do that',
    });
    expect(
      await gqlError(server.url, DELETE, { id: solution.id }, { token: bob.token }),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await gqlError(
        server.url,
        UPDATE_SOLUTION,
        { id: solution.id, input: { name: 'ab' } },
        { token: alice.token },
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Min 3 characters',
      field: 'name',
    });
    expect((await getSolution(solution.id)).name).toBe(solution.name);
  });

  it('deleting keeps the problems’ counters right', async () => {
    const problemId = await insertProblem(server, bob);
    const mine = await postSolution(server, alice, { problemId });
    await postSolution(server, carol, { problemId });
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 2,
      totalSolvers: 2,
    });
    expect(await gqlData(server.url, DELETE, { id: mine.id }, { token: alice.token })).toEqual({
      deleteSolution: true,
    });
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 1,
      totalSolvers: 1,
    });
    expect(await gqlError(server.url, SOLUTION, { id: mine.id })).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      await gqlError(server.url, DELETE, { id: mine.id }, { token: alice.token }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('tag counters', () => {
  const solutionsTagged = async (spaceId: string, tagId: string) => {
    const [row] = await server.deps.db
      .select({ total: spaceTags.totalSolutions })
      .from(spaceTags)
      .where(and(eq(spaceTags.spaceId, spaceId), eq(spaceTags.tagId, tagId)));
    return row?.total ?? 0;
  };

  it('counts listed solutions per space and tag: drafts not, deletes and edits adjust', async () => {
    const space = (await createPrivateSpace(server, alice)).id;
    const listed = await postSolution(server, alice, {
      spaceId: space,
      description: '<p>Shade nets for #nursery beds</p>',
    });
    await postSolution(server, alice, {
      spaceId: space,
      isDraft: true,
      description: '<p>Draft about #nursery beds</p>',
    });
    expect(await solutionsTagged(space, 'nursery')).toBe(1);
    await gqlData(
      server.url,
      UPDATE_SOLUTION,
      { id: listed.id, input: { description: '<p>Now about #compost heaps</p>' } },
      { token: alice.token },
    );
    expect(await solutionsTagged(space, 'nursery')).toBe(0);
    expect(await solutionsTagged(space, 'compost')).toBe(1);
    await gqlData(server.url, DELETE, { id: listed.id }, { token: alice.token });
    expect(await solutionsTagged(space, 'compost')).toBe(0);
  });
});

describe('linking a solution to problems', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const solution = await postSolution(server, alice);
    const problemId = await insertProblem(server, bob);
    expect(
      await gqlError(server.url, LINK, {
        solutionId: solution.id,
        problemIds: [problemId],
      }),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const response = await rest(server.url, 'POST', `/api/solutions/${solution.id}/linkSolutions`, {
      problemIds: [problemId],
    });
    expect(response.status).toBe(401);
  });

  it('links to more problems idempotently, counting on both sides; unlinking reverses it', async () => {
    const solution = await postSolution(server, alice);
    const [p1, p2] = await Promise.all([insertProblem(server, bob), insertProblem(server, carol)]);
    const linked = await gqlData<{ linkSolution: SolutionView }>(
      server.url,
      LINK,
      { solutionId: solution.id, problemIds: [p1, p2, p1] },
      { token: alice.token },
    );
    expect(linked.linkSolution.counters.totalProblems).toBe(2);
    expect(linked.linkSolution.problems.map((problem) => problem.id).sort()).toEqual(
      [p1, p2].sort(),
    );
    await gqlData(
      server.url,
      LINK,
      { solutionId: solution.id, problemIds: [p1] },
      { token: alice.token },
    );
    expect((await getSolution(solution.id)).counters.totalProblems).toBe(2);
    expect(await problemCounters(server, p1)).toEqual({
      totalSolutions: 1,
      totalSolvers: 1,
    });
    expect(ids(await listSolutions(server, { problemId: p2 }))).toEqual([solution.id]);

    const unlinked = await gqlData<{ unlinkSolution: SolutionView }>(
      server.url,
      UNLINK,
      { solutionId: solution.id, problemId: p1 },
      { token: alice.token },
    );
    expect(unlinked.unlinkSolution.counters.totalProblems).toBe(1);
    expect(await problemCounters(server, p1)).toEqual({
      totalSolutions: 0,
      totalSolvers: 0,
    });
    expect(
      await gqlError(
        server.url,
        UNLINK,
        { solutionId: solution.id, problemId: p1 },
        { token: alice.token },
      ),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets a reader link, and only the author or the linker unlink', async () => {
    const solution = await postSolution(server, alice);
    const problemId = await insertProblem(server, bob);
    await gqlData(
      server.url,
      LINK,
      { solutionId: solution.id, problemIds: [problemId] },
      { token: bob.token },
    );
    expect(
      await gqlError(
        server.url,
        UNLINK,
        { solutionId: solution.id, problemId },
        { token: carol.token },
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    await gqlData(server.url, UNLINK, { solutionId: solution.id, problemId }, { token: bob.token });
  });

  it('deleting a problem keeps its solutions, each counting one problem less', async () => {
    const [kept, removed] = await Promise.all([
      insertProblem(server, bob),
      insertProblem(server, bob),
    ]);
    const solution = await postSolution(server, alice, { problemId: kept });
    await gqlData(
      server.url,
      LINK,
      { solutionId: solution.id, problemIds: [removed] },
      { token: alice.token },
    );
    expect((await getSolution(solution.id)).counters.totalProblems).toBe(2);
    await gqlData(
      server.url,
      `mutation($id: ID!) { deleteProblem(id: $id) }`,
      { id: removed },
      { token: bob.token },
    );
    const after = await getSolution(solution.id);
    expect(after.counters.totalProblems).toBe(1);
    expect(after.problems.map((problem) => problem.id)).toEqual([kept]);
  });

  it('refuses a problem the viewer cannot read as not found, and a problem of another space', async () => {
    const solution = await postSolution(server, alice);
    const privateSpace = (
      await createPrivateSpace(server, bob, { members: [{ user: alice, status: 'contributor' }] })
    ).id;
    const otherSpaceProblem = await insertProblem(server, bob, {
      spaceId: privateSpace,
    });
    const hiddenSpace = (await createPrivateSpace(server, bob)).id;
    const hidden = await insertProblem(server, bob, { spaceId: hiddenSpace });
    const draft = await insertProblem(server, bob, { isDraft: true });
    for (const problemId of [hidden, draft, 'no-such-problem']) {
      expect(
        await gqlError(
          server.url,
          LINK,
          { solutionId: solution.id, problemIds: [problemId] },
          { token: alice.token },
        ),
      ).toMatchObject({ code: 'NOT_FOUND', message: 'Item has been deleted' });
    }
    expect(
      await gqlError(
        server.url,
        LINK,
        { solutionId: solution.id, problemIds: [otherSpaceProblem] },
        { token: alice.token },
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'A solution can only be linked to problems of its own space',
    });
    expect(
      await gqlError(
        server.url,
        LINK,
        { solutionId: solution.id, problemIds: [] },
        { token: alice.token },
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Choose at least one problem',
      field: 'problemIds',
    });
    expect((await getSolution(solution.id)).counters.totalProblems).toBe(0);
    expect(await problemCounters(server, hidden)).toEqual({
      totalSolutions: 0,
      totalSolvers: 0,
    });
  });
});

describe('lists, sorts and pages', () => {
  it('sorts a space’s solutions by recent, upvotes and downvotes, keyset paged', async () => {
    const space = (await createPrivateSpace(server, alice)).id;
    const posted: SolutionView[] = [];
    for (let index = 0; index < 5; index += 1)
      posted.push(await postSolution(server, alice, { spaceId: space }));
    const votes = [3, 7, 7, 0, 1];
    for (const [index, solution] of posted.entries()) {
      await server.deps.db
        .update(solutions)
        .set({
          totalUpvotes: votes[index]!,
          totalDownvotes: 10 - votes[index]!,
        })
        .where(eq(solutions.id, solution.id));
    }
    const all = async (orderBy: string) => {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page = await listSolutions(
          server,
          { spaceId: space, orderBy, first: 2, after },
          alice.token,
        );
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...ids(page));
        after = page.last;
      } while (after);
      return seen;
    };
    const [s0, s1, s2, s3, s4] = posted.map((solution) => solution.id) as [
      string,
      string,
      string,
      string,
      string,
    ];
    expect(await all('recent')).toEqual([s4, s3, s2, s1, s0]);
    const byUpvotes = await all('upvotes');
    expect(byUpvotes.slice(2)).toEqual([s0, s4, s3]);
    expect(byUpvotes.slice(0, 2).sort()).toEqual([s1, s2].sort());
    expect((await all('downvotes')).slice(0, 3)).toEqual([s3, s4, s0]);
  });

  it('filters by time range', async () => {
    const space = (await createPrivateSpace(server, alice)).id;
    const old = await postSolution(server, alice, { spaceId: space });
    const fresh = await postSolution(server, alice, { spaceId: space });
    await server.deps.db
      .update(solutions)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3_600_000) })
      .where(eq(solutions.id, old.id));
    expect(
      ids(await listSolutions(server, { spaceId: space, timeRange: 'last24hours' }, alice.token)),
    ).toEqual([fresh.id]);
    expect(
      ids(await listSolutions(server, { spaceId: space, timeRange: 'last7days' }, alice.token)),
    ).toEqual([fresh.id, old.id]);
    expect(ids(await listSolutions(server, { spaceId: space }, alice.token))).toEqual([
      fresh.id,
      old.id,
    ]);
  });

  it('takes a custom range, asking for both dates and refusing an end before the start', async () => {
    const space = (await createPrivateSpace(server, alice)).id;
    const old = await postSolution(server, alice, { spaceId: space });
    const fresh = await postSolution(server, alice, { spaceId: space });
    await server.deps.db
      .update(solutions)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3_600_000) })
      .where(eq(solutions.id, old.id));
    const days = (n: number) => new Date(Date.now() - n * 24 * 3_600_000).toISOString();
    const custom = { spaceId: space, timeRange: 'custom', first: 100 };
    expect(
      ids(
        await listSolutions(
          server,
          { ...custom, startDate: days(4), endDate: days(2) },
          alice.token,
        ),
      ),
    ).toEqual([old.id]);
    expect(
      ids(
        await listSolutions(
          server,
          { ...custom, startDate: days(1), endDate: days(0) },
          alice.token,
        ),
      ),
    ).toEqual([fresh.id]);
    expect(await gqlError(server.url, SOLUTIONS, custom, { token: alice.token })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Choose a start and an end date',
    });
    expect(
      await gqlError(
        server.url,
        SOLUTIONS,
        { ...custom, startDate: days(2), endDate: days(4) },
        { token: alice.token },
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', message: 'End date cannot be before start date' });
  });

  it('lists my solutions (drafts and anonymous included) only when signed in', async () => {
    const dave = await signUpVerified(server, { displayName: 'Dave' });
    const named = await postSolution(server, dave);
    const draft = await postSolution(server, dave, { isDraft: true });
    const anonymous = await postSolution(server, dave, {
      isAnonymousPost: true,
    });
    expect(ids(await listSolutions(server, { list: 'mysolutions' }, dave.token))).toEqual([
      anonymous.id,
      draft.id,
      named.id,
    ]);
    expect(
      await gqlError(server.url, `query { solutions(list: mysolutions) { items { id } } }`),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers the viewer’s upvoted solutions of a problem (none until voting)', async () => {
    const problemId = await insertProblem(server, bob);
    const solution = await postSolution(server, alice, { problemId });
    expect(await gqlData(server.url, UPVOTED, { problemId }, { token: bob.token })).toEqual({
      upvotedSolutions: [],
    });
    await vote(server, bob, solution.id, 'up');
    expect(await gqlData(server.url, UPVOTED, { problemId }, { token: bob.token })).toEqual({
      upvotedSolutions: [{ id: solution.id, name: solution.name, upvoted: true }],
    });
    expect(await gqlError(server.url, UPVOTED, { problemId })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });
});

describe('REST rows', () => {
  const expectSolutionShape = (data: Record<string, unknown>) =>
    expect(data).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      tags: expect.any(Array),
      spaceId: expect.any(String),
      files: [],
      location: null,
      author: {
        id: expect.any(String),
        displayName: expect.any(String),
        photoURL: expect.any(String),
        role: expect.any(String),
      },
      isAnonymousPost: expect.any(Boolean),
      isDraft: expect.any(Boolean),
      isApproved: expect.any(Boolean),
      isHidden: false,
      counters: {
        totalComments: 0,
        totalReactions: 0,
        totalProblems: expect.any(Number),
        totalUpvotes: 0,
        totalDownvotes: 0,
        totalOutcomes: 0,
      },
      upvoted: false,
      downvoted: false,
      reaction: null,
      reacted: false,
      reactionCounts: [],
      bookmarked: false,
      canEdit: expect.any(Boolean),
      problems: expect.any(Array),
      createdAt: expect.any(String),
      when: expect.any(String),
    });

  it('POST /solutions {data, problemId} answers {success, data} and posts under the problem', async () => {
    const problemId = await insertProblem(server, bob);
    const response = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'POST',
      '/api/solutions?spaceId=ww',
      {
        data: {
          name: 'Over REST',
          description: '<p>Described over REST #rest</p>',
        },
        problemId,
      },
      alice.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    expectSolutionShape(response.body.data);
    expect(response.body.data).toMatchObject({
      name: 'Over REST',
      tags: ['rest'],
      counters: { totalProblems: 1 },
    });
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 1,
      totalSolvers: 1,
    });
  });

  it('POST /add {path: solutions, data, problemId} answers {success, newItem}', async () => {
    const problemId = await insertProblem(server, bob);
    const response = await rest<{ newItem: Record<string, unknown> }>(
      server.url,
      'POST',
      '/api/add',
      {
        path: 'solutions',
        data: {
          name: 'Added',
          description: '<p>Added through the add row</p>',
        },
        problemId,
      },
      alice.token,
    );
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    expectSolutionShape(response.body.newItem);
    expect(response.body.newItem).toMatchObject({
      name: 'Added',
      counters: { totalProblems: 1 },
    });
  });

  it('GET /list/v2?path=solutions answers {success, items, last} with the sort and page size', async () => {
    const space = (await createPrivateSpace(server, alice)).id;
    for (let index = 0; index < 3; index += 1)
      await postSolution(server, alice, { spaceId: space });
    const first = await rest<{
      items: Record<string, unknown>[];
      last: string | null;
    }>(
      server.url,
      'GET',
      `/api/list/v2?path=solutions&spaceId=${space}&orderBy=upvotes&results=2`,
      undefined,
      alice.token,
    );
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['items', 'last', 'lastScannedWhen', 'success']);
    expect(first.body.items).toHaveLength(2);
    expectSolutionShape(first.body.items[0]!);
    const second = await rest<{ items: unknown[]; last: string | null }>(
      server.url,
      'GET',
      `/api/list/v2?path=solutions&spaceId=${space}&orderBy=upvotes&results=2&lastDocumentID=${first.body.last}`,
      undefined,
      alice.token,
    );
    expect(second.body).toMatchObject({ success: true, last: null });
    expect(second.body.items).toHaveLength(1);
  });

  it('GET /get/v2?path=solutions/{id} answers {success, data}; a missing one 404', async () => {
    const solution = await postSolution(server, alice);
    const response = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'GET',
      `/api/get/v2?path=solutions/${solution.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expectSolutionShape(response.body.data);
    const missing = await rest(server.url, 'GET', '/api/get/v2?path=solutions/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      success: false,
      error: {
        code: 'NOT_FOUND',
        message: 'Item has been deleted',
        field: null,
      },
    });
  });

  it('GET /get/v2?path=problems/{id}/solutions/{id} answers {success, data} for a linked solution', async () => {
    const problemId = await insertProblem(server, bob);
    const solution = await postSolution(server, alice, { problemId });
    const response = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'GET',
      `/api/get/v2?path=problems/${problemId}/solutions/${solution.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toMatchObject({ id: solution.id });
    const unlinked = await postSolution(server, alice);
    const notLinked = await rest(
      server.url,
      'GET',
      `/api/get/v2?path=problems/${problemId}/solutions/${unlinked.id}`,
    );
    expect(notLinked.status).toBe(404);
  });

  it('PATCH /solutions/{id} {data} answers {success, data}; DELETE answers {success}', async () => {
    const solution = await postSolution(server, alice);
    const patched = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'PATCH',
      `/api/solutions/${solution.id}`,
      { data: { name: 'Patched title' } },
      alice.token,
    );
    expect(patched.status).toBe(200);
    expectSolutionShape(patched.body.data);
    expect(patched.body.data.name).toBe('Patched title');
    const refused = await rest(
      server.url,
      'DELETE',
      `/api/solutions/${solution.id}`,
      undefined,
      bob.token,
    );
    expect(refused.status).toBe(403);
    const deleted = await rest(
      server.url,
      'DELETE',
      `/api/solutions/${solution.id}`,
      undefined,
      alice.token,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
  });

  it('POST /solutions/{id}/linkSolutions?spaceId= {problemIds} answers {success}', async () => {
    const solution = await postSolution(server, alice);
    const problemId = await insertProblem(server, bob);
    const response = await rest(
      server.url,
      'POST',
      `/api/solutions/${solution.id}/linkSolutions?spaceId=ww`,
      { problemIds: [problemId] },
      alice.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(await problemCounters(server, problemId)).toEqual({
      totalSolutions: 1,
      totalSolvers: 1,
    });
  });

  it('GET /solutions/{problemId}/upvotedSolutions answers {success, items}', async () => {
    const problemId = await insertProblem(server, bob);
    const solution = await postSolution(server, alice, { problemId });
    await vote(server, carol, solution.id, 'up');
    const response = await rest<{ items: Record<string, unknown>[] }>(
      server.url,
      'GET',
      `/apiv1/solutions/${problemId}/upvotedSolutions`,
      undefined,
      carol.token,
    );
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['items', 'success']);
    expect(response.body.items).toEqual([
      expect.objectContaining({
        id: solution.id,
        upvoted: true,
        downvoted: false,
      }),
    ]);
    const signedOut = await rest(server.url, 'GET', `/api/solutions/${problemId}/upvotedSolutions`);
    expect(signedOut.status).toBe(401);
  });
});
