import {
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  type OperationDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  operationOf,
  restRows,
  rootFields,
  SESSION_ENDING,
  type RestRow,
  type RootField,
} from '../helpers/api-surface';
import { startAiProvider, type TestAiProvider } from '../helpers/ai-provider';
import { gqlData } from '../helpers/clients';
import {
  postStory,
  signUpVerified,
  type TestUser,
  postProblem,
  postSkill,
  postSolution,
  addParticipant,
  createPrivateSpace,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';
import { startStripeFake, stripeEnv, type StripeFake } from '../helpers/stripe-fake';

/**
 * Bad input answers 4xx, never 5xx: a seeded fuzz over every REST row (enumerated from the REST
 * router itself, so a new row is fuzzed without touching this file) and every GraphQL Query and
 * Mutation argument (enumerated by introspection; see api-surface.ts), signed in and signed out. A failure prints the
 * request to replay it; FUZZ_SEED replays a run, FUZZ_CASES changes its size.
 */
const DEFAULT_SEED = 20_261_122;
const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const CASES = Number(process.env.FUZZ_CASES ?? 3000);

/** mulberry32: a small seeded generator, so one seed always yields the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    chance: (probability: number) => next() < probability,
    int: (below: number) => Math.floor(next() * below),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
  };
}
type Random = ReturnType<typeof generator>;

interface Dataset {
  alice: TestUser;
  bob: TestUser;
  globalSpaceId: string;
  spaceId: string;
  storyId: string;
  problemId: string;
  partId: string;
  solutionId: string;
  skillId: string;
  tag: string;
}

let server: TestServer;
let aiProvider: TestAiProvider;
let stripe: StripeFake;
let data: Dataset;
beforeAll(async () => {
  // A key the fuzz makes up is checked against the local fake, never a real provider.
  aiProvider = await startAiProvider();
  // Payments on, against a local Stripe: the billing rows answer their refusals, not the 503
  // a server without payments gives every one of them.
  stripe = await startStripeFake();
  server = await startTestServer({ ...aiProvider.env, ...stripeEnv(stripe) });
  const [alice, bob] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice Fuzz' }),
    signUpVerified(server, { displayName: 'Bob Fuzz' }),
  ]);
  const space = await createPrivateSpace(server, alice);
  await addParticipant(server, alice, space.id, bob);
  const story = await postStory(server, alice, '<p>Wells run dry #water</p>');
  const problem = await postProblem(server, alice, 'Dry wells', { spaceId: space.id });
  const solution = await postSolution(server, alice, { problemId: problem.id, spaceId: space.id });
  const skill = await postSkill(server, alice, { spaceId: space.id });
  const { addPart } = await gqlData<{ addPart: { id: string } }>(
    server.url,
    `mutation($problemId: ID!, $input: ProblemPartInput!) { addPart(problemId: $problemId, input: $input) { id } }`,
    { problemId: problem.id, input: { type: 'thing', name: 'Pump' } },
    { token: alice.token },
  );
  data = {
    alice,
    bob,
    globalSpaceId: alice.user.defaultSpace.spaceId,
    spaceId: space.id,
    storyId: story.id,
    problemId: problem.id,
    partId: addPart.id,
    solutionId: solution.id,
    skillId: skill.id,
    tag: 'water',
  };
});
afterAll(async () => {
  await server?.stop();
  await aiProvider?.stop();
  await stripe?.close();
});

// ---------------------------------------------------------------------------------------------
// Values a careless or hostile client sends.

const LONG = 'x'.repeat(100_000);
const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
const CRAFTED_CURSORS = [
  cursorOf('n|5|x'),
  cursorOf('n|1e308|x'),
  cursorOf('n|2147483648|x'),
  cursorOf('n|-1|x'),
  cursorOf('d|+275760-09-13T00:00:00.000Z|x'),
  cursorOf('d|-271821-04-20T00:00:00.000Z|x'),
  cursorOf('d|0001-01-01T00:00:00.000Z|x'),
  cursorOf('d|2025-01-01T00:00:00.000Z|\u0000'),
  cursorOf('d|2025-01-01T00:00:00.000Z|a\u0000b'),
  cursorOf(`n|1|${'y'.repeat(5000)}`),
  'garbage',
  '%%%',
];
const realIds = (d: Dataset) => [
  d.alice.id,
  d.bob.id,
  d.globalSpaceId,
  d.spaceId,
  d.storyId,
  d.problemId,
  d.partId,
  d.solutionId,
  d.skillId,
  d.tag,
];
const nastyStrings = (d: Dataset) => [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  `${d.storyId}\u0000`,
  LONG,
  'x'.repeat(300),
  '%FF',
  '%00',
  '\uD800',
  '💥'.repeat(40),
  'తెలుగు #నీరు',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '#water',
  '#a.b',
  '#',
  '@',
  'null',
  'undefined',
  '-1',
  '0',
  '1e308',
  'NaN',
  'true',
  '2025-01-01',
  '+275760-09-13T00:00:00.000Z',
  '0000-00-00T00:00:00Z',
  'a@b',
  'x@example.test',
  'en',
  'te',
  'person',
  'admin',
  'blocked',
  'recent',
  'stories',
  'problems/x/parts/y',
  '00000000-0000-4000-8000-000000000000',
  ...CRAFTED_CURSORS,
  ...realIds(d),
];
const INTS = [0, 1, -1, 2, 50, 1000, 2_147_483_647, -2_147_483_648];
const FLOATS = [0, -0.5, 1e308, -1e308, 5e-324, 2 ** 53 + 1];
const DATES = [
  '2025-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '1969-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
];
const nested = (levels: number): unknown => (levels === 0 ? 'deep' : { a: nested(levels - 1) });
/** Values of the wrong JSON type for wherever they land. */
const WRONG_TYPES: unknown[] = [
  {},
  [],
  { id: {} },
  [[[]]],
  nested(60),
  'text',
  1e308,
  -1,
  1.5,
  2_147_483_648,
  true,
  null,
  '\u0000',
  Array.from({ length: 500 }, (_, i) => i),
];

function anyJson(random: Random, d: Dataset, depth = 0): unknown {
  switch (random.int(depth > 2 ? 4 : 7)) {
    case 0:
      return random.pick(nastyStrings(d));
    case 1:
      return random.pick([...INTS, ...FLOATS]);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return random.pick(WRONG_TYPES);
    case 4:
      return Array.from({ length: random.int(4) }, () => anyJson(random, d, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [
          random.pick(FIELD_NAMES),
          anyJson(random, d, depth + 1),
        ]),
      );
  }
}

// ---------------------------------------------------------------------------------------------
// Requests, and how a failing one is printed.

interface Probe {
  transport: 'REST' | 'GraphQL';
  /**
   * GraphQL only: whether the variables pass GraphQL's own coercion (so resolvers run), fail it, or
   * the request is malformed as a whole.
   */
  stage?: 'resolvers' | 'coercion' | 'transport';
  /** The REST row (`POST /stories`) or GraphQL field (`mutation createStory`) fuzzed. */
  row: string;
  method: string;
  /** Path and query string. */
  target: string;
  headers: Record<string, string>;
  body?: string;
  signedInAs: string;
}

interface Failure {
  probe: Probe;
  problem: string;
}

/** The body as a replayable string, long runs shortened (the seed reproduces them exactly). */
function printable(body: Probe['body']): string {
  if (body === undefined) return '(none)';
  return body
    .replace(/(.)\1{199,}/gu, (run, char: string) => `${char}…(${run.length} times)`)
    .slice(0, 1500);
}

const describeProbe = ({ method, target, headers, body, signedInAs }: Probe) =>
  `${method} ${target.length > 300 ? `${target.slice(0, 300)}…(${target.length} chars)` : target}` +
  ` [${signedInAs}] headers=${JSON.stringify(headers)} body=${printable(body)}`;

async function send(probe: Probe, token: string | undefined): Promise<Response | Error> {
  try {
    return await fetch(`${server.url}${probe.target}`, {
      method: probe.method,
      headers: { ...probe.headers, ...(token && { authorization: `Bearer ${token}` }) },
      body: probe.body,
    });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

type Viewer = { label: string; token?: string };
const viewers = (d: Dataset): Viewer[] => [
  { label: 'signed out' },
  { label: 'alice', token: d.alice.token },
  { label: 'bob', token: d.bob.token },
  { label: 'unknown token', token: 'not-a-session-token' },
];

// ---------------------------------------------------------------------------------------------
// REST

/** Body and query field names the REST rows read, plus some they do not. */
const FIELD_NAMES = [
  'data',
  'story',
  'name',
  'description',
  'tags',
  'problemIds',
  'problemId',
  'userIds',
  'userId',
  'spaceId',
  'requestedSpaceId',
  'customSpaceId',
  'favorite',
  'key',
  'displayName',
  'photoURL',
  'bio',
  'appLang',
  'email',
  'password',
  'token',
  'role',
  'status',
  'emoji',
  'leavingComment',
  'solutions',
  'profileTags',
  'id',
  'tag',
  'path',
  'type',
  'attributes',
  'isAnonymousPost',
  'isDraft',
  'isPrivate',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
];
const QUERY_NAMES = [
  'spaceId',
  'path',
  'lastDocumentID',
  'results',
  'orderBy',
  'query',
  'tags',
  'timeRange',
  'startDate',
  'endDate',
  'authorId',
  'status',
  'code',
  'searchParam',
  'collection',
  '_t',
];
const PATH_SEGMENTS = [
  '%00',
  'a%00b',
  '%FF',
  '%E0%A4%A',
  '%',
  '%F0%9F%92%A5',
  'x'.repeat(5000),
  '..',
  '0',
  '-1',
  '1e308',
  'null',
  '%20',
  '00000000-0000-4000-8000-000000000000',
];

/** A `path` for /list/v2, /get/v2 and /add: a real collection or nested path, or nonsense. */
function collectionPath(random: Random, d: Dataset, collections: string[]): string {
  const ids = realIds(d);
  switch (random.int(4)) {
    case 0:
      return random.pick(collections);
    case 1:
      return `${random.pick(collections)}/${random.pick([...ids, ...PATH_SEGMENTS.map(decodeURIComponentSafe)])}`;
    case 2:
      return random.pick([
        `problems/${d.problemId}/parts`,
        `problems/${d.problemId}/parts/${d.partId}`,
        `problems/${d.problemId}/solutions/${d.solutionId}`,
        `problems/${random.pick(ids)}/parts/${random.pick(ids)}`,
        `problems/${random.pick(ids)}/solutions/${random.pick(ids)}`,
        `spaces/${d.spaceId}`,
        `users/${d.alice.id}/notifications`,
        `${random.pick(collections)}//`,
      ]);
    default:
      return random.pick(nastyStrings(d));
  }
}

/** A lone surrogate has no UTF-8 form: it travels as the bytes a careless encoder would write. */
function uriComponent(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function restQuery(random: Random, d: Dataset, row: RestRow, collections: string[]): string {
  const pairs: string[] = [];
  const encode = (value: string) =>
    // Now and then a raw (undecodable) escape, as a hand-built URL might carry.
    random.chance(0.1) ? value.replace(/\0/gu, '%00') : uriComponent(value);
  const wantsPath = row.path === '/list/v2' || row.path === '/get/v2';
  if (wantsPath && random.chance(0.9))
    pairs.push(`path=${encode(collectionPath(random, d, collections))}`);
  for (let i = random.int(4); i > 0; i--) {
    const name = random.pick(QUERY_NAMES);
    const value =
      name === 'lastDocumentID' && random.chance(0.6)
        ? random.pick(CRAFTED_CURSORS)
        : String(random.pick([...nastyStrings(d), ...INTS]));
    pairs.push(`${name}=${encode(value)}`);
    if (random.chance(0.1)) pairs.push(`${name}=${encode(value)}`);
  }
  if (random.chance(0.05)) pairs.push(random.pick(['%FF=1', 'spaceId[a]=b', '=', '&&', 'a=%']));
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A request body, malformed in one of the ways clients manage; `fields` join a well-formed one. */
function restBody(
  random: Random,
  d: Dataset,
  fields: Record<string, unknown>,
): Pick<Probe, 'headers' | 'body'> {
  const json = { 'content-type': 'application/json' };
  switch (random.int(14)) {
    case 0:
      return { headers: {} };
    case 1:
      return { headers: json, body: random.pick(['[]', '[1,2]', '"text"', '42', 'null', 'true']) };
    case 2:
      return {
        headers: json,
        body: random.pick(['{"data": ', '{', '\u0000', '{"a":1}}', '{"a":"\\ud800"}', '']),
      };
    case 3:
      return { headers: json, body: JSON.stringify({ data: 'y'.repeat(1_100_000) }) };
    case 4:
      return {
        headers: { ...json, 'content-encoding': random.pick(['gzip', 'deflate', 'br', 'zip']) },
        body: '{"data":{}}',
      };
    case 5:
      return {
        headers: {
          'content-type': `application/json; charset=${random.pick(['latin1', 'utf-16', 'x'])}`,
        },
        body: '{"data":{}}',
      };
    case 6:
      return {
        headers: {
          'content-type': random.pick(['text/plain', 'application/x-www-form-urlencoded']),
        },
        body: 'data=1',
      };
    case 7:
      return { headers: json, body: JSON.stringify(random.pick(WRONG_TYPES)) };
    default: {
      // Many fields at once, so each row meets the one it reads with a bad value often enough.
      const some = () =>
        Object.fromEntries(
          FIELD_NAMES.filter(() => random.chance(0.2)).map((name) => [name, anyJson(random, d, 1)]),
        );
      const body = { ...some(), ...fields };
      if (random.chance(0.6)) body.data = random.chance(0.8) ? some() : anyJson(random, d, 2);
      return { headers: json, body: JSON.stringify(body) };
    }
  }
}

function restProbe(
  random: Random,
  d: Dataset,
  rows: RestRow[],
  collections: string[],
): { probe: Probe; token?: string } {
  const row = random.pick(rows);
  // A DELETE on a real id would empty the dataset for the rest of the run.
  const ids = row.method === 'DELETE' ? [] : realIds(d);
  const path = row.path.replace(/:\w+/gu, () =>
    ids.length && random.chance(0.4) ? random.pick(ids) : random.pick(PATH_SEGMENTS),
  );
  const base = random.pick(['/api', '/api', '/apiv1']);
  // POST /add names its collection in the body, as /list/v2 and /get/v2 do in the query.
  const fields = row.path === '/add' ? { path: collectionPath(random, d, collections) } : {};
  // fetch sends no body with GET.
  const { headers, body }: Pick<Probe, 'headers' | 'body'> =
    row.method === 'GET' ? { headers: {} } : restBody(random, d, fields);
  if (random.chance(0.1))
    headers['x-country'] = random.pick(['zz', 'IN', '%00', 'x'.repeat(3000), '']);
  // Rows that would end the fuzzing users' sessions run signed out or with an unknown token.
  const viewer = SESSION_ENDING.has(`${row.method} ${row.path}`)
    ? viewers(d)[random.pick([0, 3])]!
    : random.pick(viewers(d));
  return {
    probe: {
      transport: 'REST',
      row: `${row.method} ${row.path}`,
      method: row.method,
      target: `${base}${path}${restQuery(random, d, row, collections)}`,
      headers,
      body,
      signedInAs: viewer.label,
    },
    token: viewer.token,
  };
}

interface RestErrorShape {
  success?: unknown;
  error?: { code?: unknown; message?: unknown; field?: unknown };
}

/** What came back (`422 BAD_USER_INPUT`, tallied for the summary) and what is wrong with it, if anything. */
interface Verdict {
  answer: string;
  problem: string | null;
}

async function checkRest(probe: Probe, token: string | undefined): Promise<Verdict> {
  const response = await send(probe, token);
  if (response instanceof Error)
    return { answer: 'no answer', problem: `no answer: ${response.message}` };
  const text = await response.text();
  let body: RestErrorShape | undefined;
  try {
    body = JSON.parse(text) as RestErrorShape;
  } catch {
    body = undefined;
  }
  const answer = `${response.status} ${String(body?.error?.code ?? '')}`.trim();
  if (response.status >= 500)
    return { answer, problem: `${answer}: ${String(body?.error?.message ?? text.slice(0, 200))}` };
  // 431: Node's HTTP parser refuses a URL over its header limit (16 KB) before the app sees it.
  if (response.status < 400 || response.status === 431) return { answer, problem: null };
  const error = body?.error;
  const shaped =
    body?.success === false &&
    typeof error?.code === 'string' &&
    typeof error.message === 'string' &&
    (error.field === null || typeof error.field === 'string');
  return {
    answer,
    problem: shaped ? null : `${response.status} without the error shape: ${text.slice(0, 200)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// GraphQL

/** A value of the argument's own GraphQL type, with the contents a hostile client would pick. */
function typedValue(
  random: Random,
  d: Dataset,
  type: GraphQLInputType,
  ids: string[],
  depth = 0,
): unknown {
  if (isNonNullType(type)) return someValue(random, d, type.ofType, ids, depth);
  return depth > 0 && random.chance(0.1) ? null : someValue(random, d, type, ids, depth);
}

function someValue(
  random: Random,
  d: Dataset,
  type: GraphQLInputType,
  ids: string[],
  depth: number,
): unknown {
  if (isListType(type)) {
    const length = random.chance(0.05) ? 300 : random.int(4);
    return Array.from({ length }, () => typedValue(random, d, type.ofType, ids, depth + 1));
  }
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type) || random.chance(0.6))
        .map((field) => [field.name, typedValue(random, d, field.type, ids, depth + 1)]),
    );
  }
  if (isEnumType(type)) return random.pick(type.getValues()).name;
  switch (type.name) {
    case 'Int':
      return random.pick(INTS);
    case 'Float':
      return random.pick([...FLOATS, ...INTS]);
    case 'Boolean':
      return random.chance(0.5);
    case 'DateTimeISO':
      return random.pick(DATES);
    case 'ID':
      return random.chance(0.5) && ids.length ? random.pick(ids) : random.pick(nastyStrings(d));
    default:
      return random.pick(random.chance(0.3) && ids.length ? ids : nastyStrings(d));
  }
}

function graphqlProbe(
  random: Random,
  d: Dataset,
  schema: GraphQLSchema,
  fields: RootField[],
): { probe: Probe; token?: string } {
  const root = random.pick(fields);
  const { operation, field } = root;
  const ids = field.name.startsWith('delete') ? [] : realIds(d);
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    const roll = random.int(20);
    if (roll < (isNonNullType(arg.type) ? 1 : 4)) continue;
    // Wrong-typed variables are refused by GraphQL's coercion, before any resolver runs.
    variables[arg.name] =
      roll < 7 ? random.pick(WRONG_TYPES) : typedValue(random, d, arg.type, ids);
  }
  const query = operationOf(root, 'Fuzz');
  const viewer = SESSION_ENDING.has(field.name)
    ? viewers(d)[random.pick([0, 3])]!
    : random.pick(viewers(d));
  const transportLevel = random.chance(0.03);
  const body = transportLevel
    ? random.pick([
        JSON.stringify({ query, variables, operationName: 'Nothing' }),
        JSON.stringify({ query, variables: 'text' }),
        JSON.stringify({ query: 42 }),
        JSON.stringify([{ query }]),
        JSON.stringify({ query: `${query} ${query.replace('Fuzz', 'Fuzz2')}` }),
        JSON.stringify({ query, variables: nested(80) }),
      ])
    : JSON.stringify({ query, variables });
  return {
    probe: {
      transport: 'GraphQL',
      row: `${operation} ${field.name}`,
      stage: transportLevel ? 'transport' : stageOf(schema, query, variables),
      method: 'POST',
      target: '/graphql',
      headers: { 'content-type': 'application/json' },
      body,
      signedInAs: viewer.label,
    },
    token: viewer.token,
  };
}

/** Whether graphql-js accepts these variables for the operation (custom scalars aside). */
function stageOf(schema: GraphQLSchema, query: string, variables: Record<string, unknown>) {
  const operation = parse(query).definitions.find(
    (definition): definition is OperationDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION,
  );
  const coerced = getVariableValues(schema, operation?.variableDefinitions ?? [], variables);
  return 'errors' in coerced ? ('coercion' as const) : ('resolvers' as const);
}

interface GraphQLAnswer {
  errors?: { message?: string; extensions?: { code?: unknown } }[];
}

async function checkGraphQL(probe: Probe, token: string | undefined): Promise<Verdict> {
  const response = await send(probe, token);
  if (response instanceof Error)
    return { answer: 'no answer', problem: `no answer: ${response.message}` };
  const text = await response.text();
  let body: GraphQLAnswer;
  try {
    body = JSON.parse(text) as GraphQLAnswer;
  } catch {
    return {
      answer: `${response.status}`,
      problem: `${response.status} not JSON: ${text.slice(0, 200)}`,
    };
  }
  const internal = body.errors?.find((error) =>
    ['INTERNAL', 'INTERNAL_SERVER_ERROR'].includes(String(error.extensions?.code)),
  );
  const error = internal ?? body.errors?.[0];
  const answer = `${response.status} ${error ? String(error.extensions?.code) : 'data'}`;
  if (response.status < 500 && !internal) return { answer, problem: null };
  return { answer, problem: `${answer}: ${error?.message ?? text.slice(0, 200)}` };
}

// ---------------------------------------------------------------------------------------------

/** One line per distinct cause: the row, and the answer without the values that vary. */
const causeOf = ({ probe, problem }: Failure) =>
  `${probe.transport}${probe.stage ? ` (${probe.stage})` : ''} ${probe.row}: ${problem.replace(/"[^"]*"|\d+/gu, '…').slice(0, 160)}`;

function report(failures: Failure[]): string {
  const causes = new Map<string, Failure[]>();
  for (const failure of failures) {
    const cause = causeOf(failure);
    causes.set(cause, [...(causes.get(cause) ?? []), failure]);
  }
  return [...causes]
    .map(
      ([cause, [first]]) =>
        `${cause}\n  ${failures.filter((f) => causeOf(f) === cause).length}×, e.g. ${describeProbe(first!.probe)}`,
    )
    .join('\n');
}

describe('fuzzing every REST row and GraphQL argument with bad input', () => {
  it('never answers 5xx (or INTERNAL); each refusal is a 4xx in the error shape', async () => {
    const started = Date.now();
    const random = generator(SEED);
    const { rows, collections } = restRows();
    const { schema, fields } = await rootFields(server.url);
    expect(rows.length).toBeGreaterThan(40);
    expect(fields.length).toBeGreaterThan(60);

    const failures: Failure[] = [];
    const answers = new Map<string, number>();
    for (let i = 0; i < CASES; i++) {
      const rest = random.chance(0.55);
      const { probe, token } = rest
        ? restProbe(random, data, rows, collections)
        : graphqlProbe(random, data, schema, fields);
      const { answer, problem } = rest
        ? await checkRest(probe, token)
        : await checkGraphQL(probe, token);
      const tally = `${probe.transport}${probe.stage ? ` (${probe.stage})` : ''} ${answer}`;
      answers.set(tally, (answers.get(tally) ?? 0) + 1);
      if (problem) failures.push({ probe, problem });
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const tallies = [...answers].sort().map(([answer, count]) => `${answer} ×${count}`);
    console.info(
      `fuzz: seed ${SEED} (FUZZ_SEED), ${CASES} cases in ${seconds} s, ${failures.length} failures\n` +
        `answers: ${tallies.join(', ')}`,
    );
    expect(failures.length, `replay with FUZZ_SEED=${SEED}:\n${report(failures)}`).toBe(0);
  }, 120_000);
});
