import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Holds every REST answer a test receives to the server's own OpenAPI document
 * (/api/openapi.json): the row it documents for the method and path, the shape of that row's
 * answer (and, for /list/v2, /get/v2 and /add, the item shape of the `path` asked for), and the
 * one error envelope for every 4xx and 5xx. An answer from a row the document does not name fails
 * too, so the document stays complete; only the API's 404 for a path no row serves is expected
 * there.
 */

type JsonSchema = Record<string, unknown>;

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  'x-paths'?: { path: string; schema: JsonSchema }[];
}

interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal segments: `/spaces/detect` is preferred over `/spaces/{id}`. */
  literals: number;
  operation: Operation;
}

interface Contract {
  routes: Route[];
  validator(key: string, schema: JsonSchema): ValidateFunction;
}

const BASE = 'https://rest-contract.test/openapi.json';
/** The REST layer's bases; /api/oauth and /api/uploads (tus) are other protocols. */
const REST_PATH = /^\/api(?:v1)?(\/.*)$/u;
const OTHER_PROTOCOLS = /^\/(?:oauth|uploads)(?:\/|$)/u;

const patternOf = (template: string) =>
  new RegExp(`^${template.replace(/\{\w+\}/gu, '[^/]+').replace(/\//gu, '\\/')}$`, 'u');

async function loadContract(url: string): Promise<Contract> {
  const response = await fetch(`${url}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const document = (await response.json()) as OpenApi;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ $id: BASE, components: document.components });
  const compiled = new Map<string, ValidateFunction>();
  const routes = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: patternOf(template),
      literals: template.split('/').filter((part) => part && !part.startsWith('{')).length,
      operation,
    })),
  );
  return {
    routes,
    validator(key, schema) {
      let validate = compiled.get(key);
      if (!validate) {
        // The document's refs are relative to it; here they name the components added above.
        const absolute = JSON.parse(
          JSON.stringify(schema).replaceAll('"#/components/', `"${BASE}#/components/`),
        ) as JsonSchema;
        validate = ajv.compile(absolute);
        compiled.set(key, validate);
      }
      return validate;
    },
  };
}

const contracts = new Map<string, Promise<Contract>>();

function contractOf(url: string) {
  let contract = contracts.get(url);
  if (!contract) {
    contract = loadContract(url);
    contracts.set(url, contract);
    // A failed load is retried by the next answer, not remembered.
    contract.catch(() => contracts.delete(url));
  }
  return contract;
}

const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };

function mismatches(validate: ValidateFunction, value: unknown, at = ''): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 8).map((error) => {
    const extra =
      'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : '';
    return `${`${at}${error.instancePath}` || '/'} ${error.message ?? 'is wrong'}${extra}`;
  });
}

/** `/list/v2?path=…`, `/get/v2?path=…` and `POST /add {path}`: the documented pattern's item. */
function pathVariantCheck(
  contract: Contract,
  route: Route,
  query: URLSearchParams,
  requestBody: unknown,
  answer: Record<string, unknown>,
): string[] {
  const variants = route.operation['x-paths'];
  if (!variants) return [];
  const given =
    route.method === 'POST'
      ? (requestBody as { path?: unknown } | undefined)?.path
      : query.get('path');
  const path = typeof given === 'string' ? given.split('/').filter(Boolean).join('/') : '';
  const variant = variants.find((entry) => patternOf(`/${entry.path}`).test(`/${path}`));
  if (!variant) return [`path=${path} is not among the documented x-paths of ${route.template}`];
  const validate = contract.validator(
    `${route.operation.operationId} ${variant.path}`,
    variant.schema,
  );
  if (route.template === '/list/v2') {
    const items = Array.isArray(answer.items) ? answer.items : [];
    return items.flatMap((item, index) => mismatches(validate, item, `/items/${index}`));
  }
  return route.template === '/add'
    ? mismatches(validate, answer.newItem, '/newItem')
    : mismatches(validate, answer.data, '/data');
}

/**
 * Throws, naming the row and the JSON paths, when `answer` (JSON, already parsed) is not what
 * the document says `method pathAndQuery` answers with `status`.
 */
export async function checkRestAnswer(
  url: string,
  method: string,
  pathAndQuery: string,
  requestBody: unknown,
  status: number,
  answer: unknown,
): Promise<void> {
  const requested = new URL(pathAndQuery, 'http://server.test');
  const rest = REST_PATH.exec(requested.pathname);
  if (!rest || OTHER_PROTOCOLS.test(rest[1]!)) return;
  const path = rest[1]!.replace(/\/+$/u, '') || '/';
  const contract = await contractOf(url);
  const route = contract.routes
    .filter((candidate) => candidate.method === method && candidate.pattern.test(path))
    .sort((a, b) => b.literals - a.literals)[0];
  const row = `${method} ${pathAndQuery} answered ${status}`;

  if (!route) {
    // A path or method no row serves: the API's own 404, in the error envelope.
    const problems = mismatches(contract.validator('Error', ERROR_SCHEMA), answer);
    const code = (answer as { error?: { code?: unknown } } | null)?.error?.code;
    if (status === 404 && code === 'NOT_FOUND' && problems.length === 0) return;
    throw new Error(`${row}, but the OpenAPI document has no row ${method} ${path}`);
  }

  const documented = `${route.method} ${route.template}`;
  if (status >= 400) {
    const problems = mismatches(contract.validator('Error', ERROR_SCHEMA), answer);
    if (problems.length)
      throw new Error(`${row}: not the documented error envelope:\n  ${problems.join('\n  ')}`);
    return;
  }
  const response = route.operation.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema)
    throw new Error(
      `${row}; ${documented} documents ${Object.keys(route.operation.responses).join(', ')}`,
    );
  // The item shape of the `path` asked for first: it names a field where `anyOf` cannot.
  const variantProblems = pathVariantCheck(
    contract,
    route,
    requested.searchParams,
    requestBody,
    answer as Record<string, unknown>,
  );
  const problems = variantProblems.length
    ? variantProblems
    : mismatches(contract.validator(`${route.operation.operationId} ${status}`, schema), answer);
  if (problems.length)
    throw new Error(
      `${row}: does not match ${documented} (${route.operation.operationId}) in the OpenAPI document:\n  ${problems.join('\n  ')}`,
    );
}
