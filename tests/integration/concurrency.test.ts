import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  problemParticipants,
  problemSolutions,
  skillMembers,
  tagFollows,
} from '../../server/src/db/schema';
import { gql, gqlData, rest, type GqlResult, type RestResult } from '../helpers/clients';
import { counterMismatches } from '../helpers/counters';
import {
  ADD_COMMENT,
  addComment,
  giveSiteRole,
  sendVote,
  signUpVerified,
  tryReact,
  voteCounters,
  PROBLEM,
  postProblem,
  type ProblemView,
  postSkill,
  postSolution,
  type SolutionView,
  postStory,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Identical writes sent at the same moment (double clicks, several tabs, retries): each must act
 * once, answer the rest as not found or as already done, and leave every stored counter equal to
 * a count of its rows. On PostgreSQL the requests really run side by side (CI runs this file
 * there); on PGlite they queue, so the same checks hold trivially.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  expect(await counterMismatches(server.deps.db)).toEqual([]);
});
afterAll(async () => {
  await server?.stop();
});

const BURST = 20;

/** `count` requests started together; the i-th is built by `request(i)`. */
const burst = <T>(count: number, request: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => request(index)));

type Answer = GqlResult<unknown> | RestResult<unknown>;

/** How an answer came out: 'ok', or its error code (the REST body carries it as GraphQL does). */
function outcome(answer: Answer): string {
  if ('data' in answer && 'errors' in answer) {
    return answer.errors?.[0]?.extensions?.code ?? 'ok';
  }
  const body = (answer as RestResult<unknown>).body;
  if (answer.status < 300) return 'ok';
  return `${body.error?.code ?? 'HTTP'} ${answer.status}`;
}

/** How many answers came out each way, e.g. { ok: 1, NOT_FOUND: 9, 'NOT_FOUND 404': 10 }. */
const tally = (answers: Answer[]) =>
  answers.map(outcome).reduce<Record<string, number>>((counts, key) => {
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

/** A tag name no other test uses, so its counters are this test's alone. */
const freshTag = (name: string) => `${name}${randomUUID().slice(0, 6)}`;

const DELETE_STORY = `mutation($id: ID!) { deleteStory(id: $id) }`;
const UPDATE_STORY = `mutation($id: ID!, $input: UpdateStoryInput!) { updateStory(id: $id, input: $input) { id } }`;
const DELETE_PROBLEM = `mutation($id: ID!) { deleteProblem(id: $id) }`;
const JOIN_PROBLEM = `mutation($id: ID!) { joinProblem(id: $id) { id } }`;
const LEAVE_PROBLEM = `mutation($id: ID!) { leaveProblem(id: $id) { id } }`;
const JOIN_SKILL = `mutation($id: ID!) { joinSkill(id: $id) { id } }`;
const LEAVE_SKILL = `mutation($id: ID!) { leaveSkill(id: $id) { id } }`;
const FOLLOW = `mutation($tag: ID!) { followTag(tag: $tag) { id } }`;
const UNFOLLOW = `mutation($tag: ID!) { unfollowTag(tag: $tag) { id } }`;
const LINK = `mutation($solutionId: ID!, $problemIds: [ID!]!) { linkSolution(solutionId: $solutionId, problemIds: $problemIds) { id } }`;
const UNLINK = `mutation($solutionId: ID!, $problemId: ID!) { unlinkSolution(solutionId: $solutionId, problemId: $problemId) { id } }`;
const DELETE_SOLUTION = `mutation($id: ID!) { deleteSolution(id: $id) }`;
const SOLUTION_COUNTERS = `query($id: ID!) { solution(id: $id) { counters { totalProblems } } }`;
const TAG = `query($id: ID!) { tag(id: $id, spaceId: "ww") {
  counters { totalStories totalProblems totalSolutions totalFollowers } } }`;

interface TagCounters {
  totalStories: number;
  totalProblems: number;
  totalSolutions: number;
  totalFollowers: number;
}

async function tagCounters(tag: string): Promise<TagCounters> {
  return (await gqlData<{ tag: { counters: TagCounters } }>(server.url, TAG, { id: tag })).tag
    .counters;
}

async function problemCounters(id: string, token: string) {
  return (await gqlData<{ problem: ProblemView }>(server.url, PROBLEM, { id }, { token })).problem
    .counters;
}

async function totalProblemsOf(solution: SolutionView, token: string) {
  const data = await gqlData<{ solution: { counters: { totalProblems: number } } }>(
    server.url,
    SOLUTION_COUNTERS,
    { id: solution.id },
    { token },
  );
  return data.solution.counters.totalProblems;
}

/** Half over GraphQL, half over REST, interleaved, as several clients of one person would send them. */
const eitherWay = (
  index: number,
  viaGraphql: () => Promise<Answer>,
  viaRest: () => Promise<Answer>,
) => (index % 2 === 0 ? viaGraphql() : viaRest());

describe('deleting the same story many times at once', () => {
  it('deletes a story posted to a problem once: one answer succeeds, the rest are not found, and the problem counts one story fewer', async () => {
    const author = await signUpVerified(server);
    const tag = freshTag('pump');
    const problem = await postProblem(server, author, `Broken #${tag} at the well`);
    await postStory(server, author, `<p>We queued all morning #${tag}</p>`, {
      problemId: problem.id,
    });
    const story = await postStory(server, author, `<p>Still broken today #${tag}</p>`, {
      problemId: problem.id,
    });
    expect((await problemCounters(problem.id, author.token)).totalStories).toBe(2);

    const answers = await burst(BURST, (index) =>
      eitherWay(
        index,
        () => gql(server.url, DELETE_STORY, { id: story.id }, { token: author.token }),
        () => rest(server.url, 'DELETE', `/api/stories/${story.id}`, undefined, author.token),
      ),
    );
    const counts = tally(answers);
    expect(counts.ok).toBe(1);
    expect((counts.NOT_FOUND ?? 0) + (counts['NOT_FOUND 404'] ?? 0)).toBe(BURST - 1);
    expect((await problemCounters(problem.id, author.token)).totalStories).toBe(1);
  });

  it('takes a tagged story out of each tag counter once, however many deletes arrive together', async () => {
    const [author, other] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const [shared, own] = [freshTag('harvest'), freshTag('rain')];
    await postStory(server, other, `<p>Good year for the #${shared}</p>`, {
      spaceId: 'ww',
    });
    const story = await postStory(server, author, `<p>Late #${own} ruined the #${shared}</p>`, {
      spaceId: 'ww',
    });
    expect((await tagCounters(shared)).totalStories).toBe(2);

    const answers = await burst(BURST, (index) =>
      eitherWay(
        index,
        () => rest(server.url, 'DELETE', `/api/stories/${story.id}`, undefined, author.token),
        () => gql(server.url, DELETE_STORY, { id: story.id }, { token: author.token }),
      ),
    );
    expect(tally(answers).ok).toBe(1);
    expect((await tagCounters(shared)).totalStories).toBe(1);
    expect((await tagCounters(own)).totalStories).toBe(0);
  });
});

describe('editing a story while it changes elsewhere', () => {
  it('publishes a draft clicked from many tabs once: the problem and its tags count it once', async () => {
    const author = await signUpVerified(server);
    const tag = freshTag('borehole');
    const problem = await postProblem(server, author, `Dry #${tag}`);
    const onProblem = await postStory(server, author, `<p>Dry since May #${tag}</p>`, {
      problemId: problem.id,
      isDraft: true,
    });
    const inFeed = await postStory(server, author, `<p>Who can fix a #${tag}?</p>`, {
      spaceId: 'ww',
      isDraft: true,
    });
    const answers = await burst(BURST, (index) => {
      const id = index % 4 < 2 ? onProblem.id : inFeed.id;
      return eitherWay(
        index,
        () =>
          gql(server.url, UPDATE_STORY, { id, input: { isDraft: false } }, { token: author.token }),
        () =>
          rest(
            server.url,
            'PATCH',
            `/api/stories/${id}`,
            { data: { isDraft: false } },
            author.token,
          ),
      );
    });
    expect(tally(answers)).toEqual({ ok: BURST });
    expect((await problemCounters(problem.id, author.token)).totalStories).toBe(1);
    expect((await tagCounters(tag)).totalStories).toBe(1);
  });

  it('lets an edit racing deletes either land first or find the story gone, and no counter keeps the story', async () => {
    const [author, neighbour] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const [before, after] = [freshTag('flood'), freshTag('drought')];
    await postStory(server, neighbour, `<p>Our well is dry #${after}</p>`, {
      spaceId: 'ww',
    });
    const problem = await postProblem(server, author, `River #${before}`);
    const story = await postStory(server, author, `<p>Water at the door #${before}</p>`, {
      problemId: problem.id,
    });
    // The edit moves the story off its problem into the feed, under another tag.
    const edit = { story: `<p>Now the fields are dry #${after}</p>`, problemId: null };
    const answers = await burst(BURST, (index) =>
      index % 2 === 0
        ? eitherWay(
            index / 2,
            () =>
              gql(server.url, UPDATE_STORY, { id: story.id, input: edit }, { token: author.token }),
            () =>
              rest(server.url, 'PATCH', `/api/stories/${story.id}`, { data: edit }, author.token),
          )
        : eitherWay(
            (index - 1) / 2,
            () => gql(server.url, DELETE_STORY, { id: story.id }, { token: author.token }),
            () => rest(server.url, 'DELETE', `/api/stories/${story.id}`, undefined, author.token),
          ),
    );
    const deletes = answers.filter((_, index) => index % 2 === 1);
    expect(tally(deletes).ok).toBe(1);
    for (const answer of answers)
      expect(['ok', 'NOT_FOUND', 'NOT_FOUND 404']).toContain(outcome(answer));
    expect((await problemCounters(problem.id, author.token)).totalStories).toBe(0);
    expect((await tagCounters(after)).totalStories).toBe(1);
  });

  it('posts every story sent at the same moment, whatever order their shared tags come in', async () => {
    const tags = [freshTag('seed'), freshTag('soil'), freshTag('tool')];
    const authors = await Promise.all(Array.from({ length: 5 }, () => signUpVerified(server)));
    const answers = await burst(BURST, (index) => {
      const order = index % 2 === 0 ? tags : [...tags].reverse();
      const html = `<p>Sharing ${order.map((tag) => `#${tag}`).join(' ')}</p>`;
      const author = authors[index % authors.length]!;
      return eitherWay(
        index,
        () =>
          gql(
            server.url,
            `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`,
            { input: { story: html, spaceId: 'ww' } },
            { token: author.token },
          ),
        () =>
          rest(
            server.url,
            'POST',
            '/api/stories?spaceId=ww',
            { data: { story: html } },
            author.token,
          ),
      );
    });
    expect(tally(answers)).toEqual({ ok: BURST });
    for (const tag of tags) expect((await tagCounters(tag)).totalStories).toBe(BURST);
  });
});

describe('double clicks on join, leave and follow', () => {
  it('joins a problem once however often Join is clicked, and leaves it once', async () => {
    const [author, member] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const problem = await postProblem(server, author, 'Potholes on the school road');
    const joins = await burst(BURST, (index) =>
      eitherWay(
        index,
        () => gql(server.url, JOIN_PROBLEM, { id: problem.id }, { token: member.token }),
        () => rest(server.url, 'POST', `/api/problems/${problem.id}/join`, {}, member.token),
      ),
    );
    expect(tally(joins)).toEqual({ ok: BURST });
    expect((await problemCounters(problem.id, author.token)).totalParticipants).toBe(2);
    const rows = await server.deps.db
      .select()
      .from(problemParticipants)
      .where(
        and(
          eq(problemParticipants.problemId, problem.id),
          eq(problemParticipants.userId, member.id),
        ),
      );
    expect(rows).toHaveLength(1);

    const leaves = await burst(BURST, (index) =>
      eitherWay(
        index,
        () => gql(server.url, LEAVE_PROBLEM, { id: problem.id }, { token: member.token }),
        () => rest(server.url, 'POST', `/api/problems/${problem.id}/leave`, {}, member.token),
      ),
    );
    const counts = tally(leaves);
    expect(counts.ok).toBe(1);
    expect((counts.CONFLICT ?? 0) + (counts['CONFLICT 409'] ?? 0)).toBe(BURST - 1);
    expect((await problemCounters(problem.id, author.token)).totalParticipants).toBe(1);
  });

  it('keeps a skill’s member count equal to its members through clicks on Join and Leave', async () => {
    const [author, member] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const skill = await postSkill(server, author, { spaceId: 'ww' });
    const joins = await burst(BURST, (index) =>
      eitherWay(
        index,
        () => gql(server.url, JOIN_SKILL, { id: skill.id }, { token: member.token }),
        () => rest(server.url, 'POST', `/api/skills/${skill.id}/join`, {}, member.token),
      ),
    );
    expect(tally(joins)).toEqual({ ok: BURST });
    const members = () =>
      server.deps.db.select().from(skillMembers).where(eq(skillMembers.skillId, skill.id));
    expect(await members()).toHaveLength(2);

    const mixed = await burst(BURST, (index) =>
      index % 3 === 0
        ? gql(server.url, JOIN_SKILL, { id: skill.id }, { token: member.token })
        : eitherWay(
            index,
            () => gql(server.url, LEAVE_SKILL, { id: skill.id }, { token: member.token }),
            () => rest(server.url, 'POST', `/api/skills/${skill.id}/leave`, {}, member.token),
          ),
    );
    expect(tally(mixed)).toEqual({ ok: BURST });
  });

  it('keeps a tag’s follower count equal to its followers through follows and unfollows from many tabs', async () => {
    const [first, second] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const tag = freshTag('beekeeping');
    const follows = await burst(BURST, (index) => {
      const user = index % 4 < 2 ? first : second;
      return eitherWay(
        index,
        () => gql(server.url, FOLLOW, { tag }, { token: user.token }),
        () => rest(server.url, 'POST', '/api/tags/follow', { id: tag }, user.token),
      );
    });
    expect(tally(follows)).toEqual({ ok: BURST });
    expect((await tagCounters(tag)).totalFollowers).toBe(2);

    const mixed = await burst(BURST, (index) => {
      const user = index % 4 < 2 ? first : second;
      return index % 3 === 0
        ? rest(server.url, 'POST', '/api/tags/follow', { id: tag }, user.token)
        : eitherWay(
            index,
            () => gql(server.url, UNFOLLOW, { tag }, { token: user.token }),
            () => rest(server.url, 'POST', '/api/tags/unfollow', { id: tag }, user.token),
          );
    });
    expect(tally(mixed)).toEqual({ ok: BURST });
    const rows = await server.deps.db.select().from(tagFollows).where(eq(tagFollows.tagId, tag));
    expect((await tagCounters(tag)).totalFollowers).toBe(rows.length);
  });
});

describe('linking and unlinking solutions at once', () => {
  it('links a solution once per problem however often Link is clicked, and unlinks it once', async () => {
    const [author, linker] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    const first = await postProblem(server, author, 'Bins overflow on market day');
    const second = await postProblem(server, author, 'Flies around the market');
    const solution = await postSolution(server, linker, { spaceId: 'ww' });
    const problemIds = [first.id, second.id];
    const links = await burst(BURST, (index) =>
      eitherWay(
        index,
        () =>
          gql(server.url, LINK, { solutionId: solution.id, problemIds }, { token: linker.token }),
        () =>
          rest(
            server.url,
            'POST',
            `/api/solutions/${solution.id}/linkSolutions`,
            { problemIds },
            linker.token,
          ),
      ),
    );
    expect(tally(links)).toEqual({ ok: BURST });
    expect(await totalProblemsOf(solution, linker.token)).toBe(2);
    expect((await problemCounters(first.id, author.token)).totalSolutions).toBe(1);

    const unlinks = await burst(BURST, () =>
      gql(
        server.url,
        UNLINK,
        { solutionId: solution.id, problemId: first.id },
        { token: linker.token },
      ),
    );
    expect(tally(unlinks)).toEqual({ ok: 1, NOT_FOUND: BURST - 1 });
    expect(await totalProblemsOf(solution, linker.token)).toBe(1);
    expect((await problemCounters(first.id, author.token)).totalSolutions).toBe(0);
  });

  it('counts on a problem every solution linked to it at the same moment, and every solver', async () => {
    const author = await signUpVerified(server);
    const problem = await postProblem(server, author, 'No shade at the bus stop');
    const solvers = await Promise.all(Array.from({ length: 10 }, () => signUpVerified(server)));
    const solutions = await Promise.all(
      solvers.map((solver) => postSolution(server, solver, { spaceId: 'ww' })),
    );
    const answers = await burst(solutions.length, (index) =>
      eitherWay(
        index,
        () =>
          gql(
            server.url,
            LINK,
            { solutionId: solutions[index]!.id, problemIds: [problem.id] },
            { token: solvers[index]!.token },
          ),
        () =>
          rest(
            server.url,
            'POST',
            `/api/solutions/${solutions[index]!.id}/linkSolutions`,
            { problemIds: [problem.id] },
            solvers[index]!.token,
          ),
      ),
    );
    expect(tally(answers)).toEqual({ ok: solutions.length });
    expect(await problemCounters(problem.id, author.token)).toMatchObject({
      totalSolutions: solutions.length,
      totalSolvers: solutions.length,
    });
  });
});

describe('deleting the same problem or solution many times at once', () => {
  it('deletes a problem with stories and linked solutions once, and leaves nothing of it in any counter', async () => {
    const [author, neighbour, helper] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const tag = freshTag('sewage');
    // Another problem shares the tag and a solution, so counters that drop too far show it.
    const kept = await postProblem(server, neighbour, `Open #${tag} drain by the school`);
    const problem = await postProblem(server, author, `Open #${tag} on the main street`);
    await postStory(server, helper, `<p>It smells all day #${tag}</p>`, {
      problemId: problem.id,
    });
    const solution = await postSolution(server, helper, { problemId: problem.id });
    await gqlData(
      server.url,
      LINK,
      { solutionId: solution.id, problemIds: [kept.id] },
      { token: helper.token },
    );
    expect(await totalProblemsOf(solution, helper.token)).toBe(2);
    expect((await tagCounters(tag)).totalProblems).toBe(2);

    const answers = await burst(BURST, (index) =>
      eitherWay(
        index,
        () => gql(server.url, DELETE_PROBLEM, { id: problem.id }, { token: author.token }),
        () => rest(server.url, 'DELETE', `/api/problems/${problem.id}`, undefined, author.token),
      ),
    );
    const counts = tally(answers);
    expect(counts.ok).toBe(1);
    expect((counts.NOT_FOUND ?? 0) + (counts['NOT_FOUND 404'] ?? 0)).toBe(BURST - 1);
    expect(await totalProblemsOf(solution, helper.token)).toBe(1);
    expect((await tagCounters(tag)).totalProblems).toBe(1);
  });

  it('deletes a linked solution once; its problems and tags count it no more', async () => {
    const [author, solver, other] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const tag = freshTag('compost');
    const problem = await postProblem(server, author, 'Food waste at the canteen');
    const kept = await postSolution(server, other, {
      problemId: problem.id,
      description: `<p>A shared #${tag} heap behind the kitchen</p>`,
    });
    const solution = await postSolution(server, solver, {
      problemId: problem.id,
      description: `<p>Worm bins and #${tag} for the garden</p>`,
    });
    expect(kept.id).not.toBe(solution.id);
    expect((await tagCounters(tag)).totalSolutions).toBe(2);

    const answers = await burst(BURST, (index) =>
      eitherWay(
        index,
        () => gql(server.url, DELETE_SOLUTION, { id: solution.id }, { token: solver.token }),
        () => rest(server.url, 'DELETE', `/api/solutions/${solution.id}`, undefined, solver.token),
      ),
    );
    const counts = tally(answers);
    expect(counts.ok).toBe(1);
    expect((counts.NOT_FOUND ?? 0) + (counts['NOT_FOUND 404'] ?? 0)).toBe(BURST - 1);
    expect((await tagCounters(tag)).totalSolutions).toBe(1);
    expect(await problemCounters(problem.id, author.token)).toMatchObject({
      totalSolutions: 1,
      totalSolvers: 1,
    });
    const links = await server.deps.db
      .select()
      .from(problemSolutions)
      .where(eq(problemSolutions.problemId, problem.id));
    expect(links).toHaveLength(1);
  });
});

describe('deleting an account', () => {
  it('takes its stories, problems, solutions, joins and follows out of every counter', async () => {
    const [leaving, neighbour] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
    ]);
    const tag = freshTag('market');
    const theirs = await postProblem(server, neighbour, `Stalls flood at the #${tag}`);
    const mine = await postProblem(server, leaving, `No lights at the #${tag}`);
    await postStory(server, leaving, `<p>Wet again #${tag}</p>`, { problemId: theirs.id });
    await postStory(server, leaving, `<p>Busy day at the #${tag}</p>`, { spaceId: 'ww' });
    await postStory(server, neighbour, `<p>Dark by six #${tag}</p>`, {
      problemId: mine.id,
    });
    await postSolution(server, leaving, { problemId: theirs.id });
    const neighbourSolution = await postSolution(server, neighbour, { problemId: mine.id });
    await gqlData(
      server.url,
      LINK,
      { solutionId: neighbourSolution.id, problemIds: [theirs.id] },
      { token: neighbour.token },
    );
    await gqlData(server.url, JOIN_PROBLEM, { id: theirs.id }, { token: leaving.token });
    const skill = await postSkill(server, neighbour, { spaceId: 'ww' });
    await gqlData(server.url, JOIN_SKILL, { id: skill.id }, { token: leaving.token });
    await gqlData(server.url, FOLLOW, { tag }, { token: leaving.token });

    const deleted = await rest(server.url, 'DELETE', '/api/user/delete', undefined, leaving.token);
    expect(deleted.status).toBe(200);
    expect(await problemCounters(theirs.id, neighbour.token)).toMatchObject({
      totalParticipants: 1,
      totalStories: 0,
      totalSolutions: 1,
      totalSolvers: 1,
    });
    expect(await totalProblemsOf(neighbourSolution, neighbour.token)).toBe(1);
    expect(await tagCounters(tag)).toEqual({
      totalStories: 0,
      totalProblems: 1,
      totalSolutions: 0,
      totalFollowers: 0,
    });
  });
});

describe('other writes sent many times at once', () => {
  it('records a status chosen from many tabs at once as one change', async () => {
    const author = await signUpVerified(server);
    const problem = await postProblem(server, author, 'Streetlights out on the hill');
    const answers = await burst(BURST, () =>
      gql(
        server.url,
        `mutation($id: ID!) { setProblemStatus(id: $id, status: solving) { id } }`,
        { id: problem.id },
        { token: author.token },
      ),
    );
    expect(tally(answers)).toEqual({ ok: BURST });
    const page = await gqlData<{ problem: ProblemView }>(
      server.url,
      PROBLEM,
      { id: problem.id },
      { token: author.token },
    );
    expect(page.problem.statusActivity.map((entry) => entry.toStatus)).toEqual(['solving']);
  });

  it('deletes a skill, a part and a space once; the other deletes find them gone', async () => {
    const owner = await signUpVerified(server);
    const skill = await postSkill(server, owner, { spaceId: 'ww' });
    const problem = await postProblem(server, owner, 'Broken gate at the clinic');
    const part = await gqlData<{ addPart: { id: string } }>(
      server.url,
      `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id } }`,
      { problemId: problem.id, input: { type: 'thing', name: 'Hinge' } },
      { token: owner.token },
    );
    const space = await gqlData<{ createSpace: { id: string } }>(
      server.url,
      `mutation($input: CreateSpaceInput!) { createSpace(input: $input) { id } }`,
      { input: { name: 'Gate fixers', description: 'We fix gates' } },
      { token: owner.token },
    );
    const skillDeletes = burst(BURST, (index) =>
      eitherWay(
        index,
        () =>
          gql(
            server.url,
            `mutation($id: ID!) { deleteSkill(id: $id) }`,
            { id: skill.id },
            {
              token: owner.token,
            },
          ),
        () => rest(server.url, 'DELETE', `/api/skills/${skill.id}`, undefined, owner.token),
      ),
    );
    const partDeletes = burst(BURST, () =>
      gql(
        server.url,
        `mutation($problemId: ID!, $partId: ID!) { deletePart(problemId: $problemId, partId: $partId) }`,
        { problemId: problem.id, partId: part.addPart.id },
        { token: owner.token },
      ),
    );
    const spaceDeletes = burst(BURST, (index) =>
      eitherWay(
        index,
        () =>
          gql(
            server.url,
            `mutation($id: ID!) { deleteSpace(id: $id) }`,
            {
              id: space.createSpace.id,
            },
            { token: owner.token },
          ),
        () =>
          rest(server.url, 'DELETE', `/api/spaces/${space.createSpace.id}`, undefined, owner.token),
      ),
    );
    for (const answers of await Promise.all([skillDeletes, partDeletes, spaceDeletes])) {
      const counts = tally(answers);
      expect(counts, JSON.stringify(counts)).toMatchObject({ ok: 1 });
      expect((counts.NOT_FOUND ?? 0) + (counts['NOT_FOUND 404'] ?? 0), JSON.stringify(counts)).toBe(
        BURST - 1,
      );
    }
  });
});

describe('one solution voted on, reacted to and commented on at once', () => {
  it('serves every request and keeps each counter exact', async () => {
    const author = await signUpVerified(server, { displayName: 'Busy author' });
    const solution = await postSolution(server, author);
    const people = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        signUpVerified(server, { displayName: `P${index}` }),
      ),
    );
    const item = { itemType: 'solutions' as const, itemId: solution.id };
    // Votes meet at the counter update while reactions and comments lock the whole row: the two
    // kinds of lock must queue, never deadlock.
    const answers = await Promise.all(
      people.flatMap((person, index) => [
        sendVote(server, person, solution.id, index % 3 === 0 ? 'down' : 'up'),
        index % 2 === 0 ? tryReact(server, person.token, item, 'celebrate') : Promise.resolve(null),
        index % 4 === 0
          ? gql(
              server.url,
              ADD_COMMENT,
              { input: { ...item, commentHTML: '<p>Seen it</p>' } },
              person,
            )
          : Promise.resolve(null),
      ]),
    );
    expect(answers.flatMap((answer) => answer?.errors ?? [])).toEqual([]);
    expect(await voteCounters(server, solution.id)).toEqual({
      totalUpvotes: 16,
      totalDownvotes: 8,
    });
    const view = await gqlData<{
      solution: SolutionView & { counters: { totalReactions: number } };
    }>(
      server.url,
      `query($id: ID!) { solution(id: $id) { counters { totalComments totalReactions } } }`,
      { id: solution.id },
    );
    expect(view.solution.counters).toEqual({ totalComments: 6, totalReactions: 12 });
  });
});

describe('hiding, restoring and deleting one comment at once', () => {
  const DELETE_COMMENT = `mutation($id: ID!) { deleteComment(id: $id) }`;
  const MODERATE = `mutation($action: ModerateItemAction!, $itemType: ReportableItemType!, $itemId: ID!) {
    moderateItem(action: $action, itemType: $itemType, itemId: $itemId) }`;
  const ROUNDS = 6;

  /** A story's thread: a comment with two replies and one beside it. */
  async function threadFor(writer: TestUser, replier: TestUser) {
    const story = await postStory(server, writer, '<p>Heated #thread</p>');
    const thread = { itemType: 'stories' as const, itemId: story.id };
    const top = await addComment(server, writer, thread, '<p>Top</p>');
    const reply = await addComment(server, replier, thread, '<p>Reply</p>', top.id);
    await addComment(server, writer, thread, '<p>Answer</p>', top.id);
    await addComment(server, replier, thread, '<p>Beside</p>');
    return { story, top, reply };
  }

  const moderateAs = (moderator: TestUser, action: string, itemId: string) =>
    gql(server.url, MODERATE, { action, itemType: 'comments', itemId }, { token: moderator.token });
  const deleteAs = (user: TestUser, id: string, index: number) =>
    eitherWay(
      index,
      () => gql(server.url, DELETE_COMMENT, { id }, { token: user.token }),
      () => rest(server.url, 'DELETE', `/api/comments/${id}`, undefined, user.token),
    );

  it('moves each counter once when a moderator hides and restores a comment and a reply while their authors delete them', async () => {
    const [writer, replier, moderator] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    await giveSiteRole(server, moderator, 'moderator');
    for (let round = 0; round < ROUNDS; round += 1) {
      const { top, reply } = await threadFor(writer, replier);
      const answers = await Promise.all([
        moderateAs(moderator, 'hide', reply.id),
        deleteAs(replier, reply.id, round),
        moderateAs(moderator, 'hide', top.id),
        deleteAs(writer, top.id, round + 1),
        moderateAs(moderator, 'restore', top.id),
        moderateAs(moderator, 'restore', reply.id),
      ]);
      for (const answer of answers)
        expect(['ok', 'NOT_FOUND', 'NOT_FOUND 404']).toContain(outcome(answer));
      expect(outcome(answers[3]!)).toBe('ok');
      expect(await counterMismatches(server.deps.db), `round ${round}`).toEqual([]);
    }
  });

  it('counts a hidden comment out once when it is hidden, deleted and its post deleted at once', async () => {
    const [writer, replier, moderator] = await Promise.all([
      signUpVerified(server),
      signUpVerified(server),
      signUpVerified(server),
    ]);
    await giveSiteRole(server, moderator, 'moderator');
    for (let round = 0; round < ROUNDS; round += 1) {
      const { story, top, reply } = await threadFor(writer, replier);
      const answers = await Promise.all([
        moderateAs(moderator, 'hide', top.id),
        deleteAs(replier, reply.id, round),
        moderateAs(moderator, 'hide', reply.id),
        deleteAs(writer, top.id, round + 1),
        gql(server.url, DELETE_STORY, { id: story.id }, { token: writer.token }),
      ]);
      for (const answer of answers)
        expect(['ok', 'NOT_FOUND', 'NOT_FOUND 404']).toContain(outcome(answer));
      expect(await counterMismatches(server.deps.db), `round ${round}`).toEqual([]);
    }
  });

  it('takes a deleting account’s comments out once while a moderator hides them', async () => {
    const [writer, moderator] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
    await giveSiteRole(server, moderator, 'moderator');
    const leaving = await Promise.all(Array.from({ length: ROUNDS }, () => signUpVerified(server)));
    const threads = await Promise.all(leaving.map((person) => threadFor(writer, person)));
    const answers = await Promise.all(
      leaving.flatMap((person, index) => [
        moderateAs(moderator, 'hide', threads[index]!.reply.id),
        rest(server.url, 'DELETE', '/api/user/delete', undefined, person.token),
        moderateAs(moderator, 'hide', threads[index]!.top.id),
      ]),
    );
    for (const answer of answers)
      expect(['ok', 'NOT_FOUND', 'NOT_FOUND 404']).toContain(outcome(answer));
  });
});
