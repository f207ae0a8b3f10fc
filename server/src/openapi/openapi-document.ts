import { z } from 'zod';
import { ITEM_PATH_MAX, REST_DEFAULT_PAGE_SIZE } from '@rules';
import {
  DOCUMENTED_PATHS,
  DOCUMENTED_ROWS,
  okAnswer,
  type DocumentedPath,
  type DocumentedRow,
} from './rest-rows';
import { REST_SHAPES, type ShapeMeta } from './rest-shapes';

/**
 * The OpenAPI 3.1 document of the REST layer, built from rest-rows.ts with zod's own JSON Schema
 * output (2020-12, OpenAPI 3.1's dialect): the named shapes and each row's answer, body and query
 * become `components.schemas`. Built once, on first request, and kept.
 */

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: JsonSchema };
};
export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  'x-token-scope': string;
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, { description: string; content?: Record<string, JsonSchema> }>;
  /** `/list/v2`, `/get/v2`, `/add`: the answer's item shape for each `path` pattern. */
  'x-paths'?: { path: string; scope: string; schema: JsonSchema }[];
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** `getChatMessagesByConversationId` for GET /chat/messages/{conversationId}. */
function operationIdOf(method: string, path: string) {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/u.exec(segment);
      const word = (param ? `by-${param[1]}` : segment).replace(
        /[^A-Za-z0-9]+(.)/gu,
        (_, c: string) => c.toUpperCase(),
      );
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return method + words.join('');
}

/** A registry of component schemas, one pass of `z.toJSONSchema` for all of them. */
class Components {
  private readonly registry = z.registry<ShapeMeta>();

  add(schema: z.ZodType, id: string, description?: string) {
    const known = this.registry.get(schema);
    if (known) return ref(known.id);
    this.registry.add(schema, { id, ...(description && { description }) });
    return ref(id);
  }

  schemas(io: 'input' | 'output'): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      cycles: 'ref',
      uri: (id) => `#/components/schemas/${id}`,
    });
    return Object.fromEntries(
      Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [
        id,
        schema as JsonSchema,
      ]),
    );
  }
}

const pathParameters = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/gu)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));

/** A query object's properties as OpenAPI parameters (zod's JSON Schema of the object). */
function queryParameters(query: z.ZodObject | undefined): JsonSchema[] {
  if (!query) return [];
  const schema = z.toJSONSchema(query, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: 'query',
      required: schema.required?.includes(name) ?? false,
      ...(typeof description === 'string' && { description }),
      schema: rest,
    };
  });
}

const SPACE_PARAMETER = {
  name: 'spaceId',
  in: 'query',
  required: false,
  description: 'The active space (also `x-country` by country code); the global space by default.',
  schema: { type: 'string' },
};

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

const ERROR_RESPONSES = {
  '4XX': { description: 'Refused: the error envelope', content: json(ref('Error')) },
  '5XX': { description: 'Failed: the error envelope', content: json(ref('Error')) },
};

function scopeNote(access: string) {
  return access === 'session'
    ? 'Only a signed-in session (cookie or session Bearer token) may call it; no access token.'
    : `An access token needs the \`${access}\` scope.`;
}

function rowOperation(
  row: DocumentedRow,
  answers: Components,
  requests: Components,
): OpenApiOperation {
  const operationId = operationIdOf(row.method, row.path);
  const success = row.answer
    ? {
        description: 'Done',
        content: json(answers.add(row.answer, `${operationId}Answer`)),
      }
    : {
        description: row.other!.description,
        ...(row.other!.status !== 302 && {
          content: { [row.other!.contentType]: { schema: {} } },
        }),
      };
  return {
    operationId,
    tags: [row.tag],
    summary: row.summary,
    description: scopeNote(row.access),
    'x-token-scope': row.access,
    parameters: [...pathParameters(row.path), ...queryParameters(row.query)],
    ...(row.body && {
      requestBody: {
        required: true,
        content: json(requests.add(row.body, `${operationId}Body`)),
      },
    }),
    responses: {
      [row.other?.status ?? row.status]: success,
      ...ERROR_RESPONSES,
    },
  };
}

const shapeIds = new Map(REST_SHAPES.map(({ schema, meta }) => [schema, meta.id]));
const shapeRef = (schema: z.ZodType) => ref(shapeIds.get(schema)!);

const LIST_QUERY = z.object({
  path: z.string().max(ITEM_PATH_MAX).describe('The collection or nested list (see x-paths)'),
  orderBy: z.string().optional().describe("recent (the default), or the list's other orders"),
  lastDocumentID: z.string().optional().describe('The `last` of the previous page'),
  results: z.string().optional().describe(`The page size (${REST_DEFAULT_PAGE_SIZE} by default)`),
  authorId: z.string().optional(),
  query: z.string().optional(),
  tags: z.string().optional().describe('Comma-separated tags'),
  timeRange: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  lat: z.string().optional(),
  lng: z.string().optional(),
  distance: z.string().optional().describe('nearby or all'),
});

/** `/list/v2`, `/get/v2` and `/add`: one operation each, their item shape per `path` pattern. */
function pathOperations(answers: Components) {
  const variants = (kind: 'list' | 'get' | 'add') =>
    DOCUMENTED_PATHS.filter((entry) => entry[kind]).map((entry: DocumentedPath) => ({
      // `/get/v2` names an item of a collection by its id: `stories/{id}`.
      path:
        kind === 'get' && !entry.pattern.includes('/') ? `${entry.pattern}/{id}` : entry.pattern,
      scope: kind === 'add' ? entry.access.write : entry.access.read,
      schema: shapeRef(entry[kind]!),
    }));
  const anyItem = (kind: 'list' | 'get' | 'add') => ({
    anyOf: [...new Map(variants(kind).map((v) => [v.schema.$ref, v.schema])).values()],
  });
  const operation = (
    kind: 'list' | 'get' | 'add',
    operationId: string,
    summary: string,
    answer: z.ZodRawShape,
    status = 200,
  ): OpenApiOperation => ({
    operationId,
    tags: ['paths'],
    summary,
    description:
      'The item shape depends on `path`: `x-paths` names it for each pattern, and the token ' +
      'scope each needs.',
    'x-token-scope': 'read',
    'x-paths': variants(kind),
    responses: {
      [status]: {
        description: 'Done',
        content: json({
          allOf: [answers.add(okAnswer(answer), `${operationId}Answer`)],
        }),
      },
      ...ERROR_RESPONSES,
    },
  });
  const list = operation('list', 'getListV2', 'A page of the list `path` names', {
    items: z.array(z.unknown()),
    last: z.string().nullable(),
    lastScannedWhen: z.string().nullable(),
  });
  list.parameters = queryParameters(LIST_QUERY);
  const listAnswer = list.responses['200']!.content!['application/json']!.schema as JsonSchema;
  (listAnswer.allOf as JsonSchema[]).push({
    properties: { items: { type: 'array', items: anyItem('list') } },
  });

  const get = operation('get', 'getGetV2', 'The item `path` names', { data: z.unknown() });
  get.parameters = [{ name: 'path', in: 'query', required: true, schema: { type: 'string' } }];
  const getAnswer = get.responses['200']!.content!['application/json']!.schema as JsonSchema;
  (getAnswer.allOf as JsonSchema[]).push({ properties: { data: anyItem('get') } });

  const add = operation(
    'add',
    'postAdd',
    'Creates an item in the collection `path` names',
    {
      newItem: z.unknown(),
    },
    201,
  );
  add['x-token-scope'] = 'write';
  add.requestBody = {
    required: true,
    content: json({
      type: 'object',
      properties: { path: { type: 'string' }, data: { type: 'object' } },
      required: ['path', 'data'],
    }),
  };
  const addAnswer = add.responses['201']!.content!['application/json']!.schema as JsonSchema;
  (addAnswer.allOf as JsonSchema[]).push({ properties: { newItem: anyItem('add') } });
  return { '/list/v2': { get: list }, '/get/v2': { get }, '/add': { post: add } };
}

function buildDocument(): OpenApiDocument {
  const answers = new Components();
  const requests = new Components();
  for (const { schema, meta } of REST_SHAPES) answers.add(schema, meta.id, meta.description);

  const paths: OpenApiDocument['paths'] = {};
  for (const row of DOCUMENTED_ROWS) {
    const operation = rowOperation(row, answers, requests);
    operation.parameters!.push(SPACE_PARAMETER);
    (paths[row.path] ??= {})[row.method] = operation;
  }
  Object.assign(paths, pathOperations(answers));
  for (const operation of Object.values(paths).flatMap((item) => Object.values(item))) {
    if (!operation.parameters?.length) delete operation.parameters;
  }

  const answerSchemas = answers.schemas('output');
  const requestSchemas = requests.schemas('input');
  return {
    openapi: '3.1.0',
    info: {
      title: 'REST API',
      version: '1',
      description:
        "The REST compatibility layer: the spec's paths, calling the same services as GraphQL. " +
        'Every answer is `{ success: true, … }` or the error envelope `{ success: false, error }`. ' +
        'Generated from the zod schemas the routes parse with (server/src/openapi/).',
    },
    servers: [{ url: '/api' }, { url: '/apiv1', description: "The spec's v1 client" }],
    security: [{ bearer: [] }, { cookie: [] }, {}],
    tags: [...new Set(DOCUMENTED_ROWS.map((row) => row.tag)), 'paths'].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...answerSchemas, ...requestSchemas },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A session token (POST /auth/login) or a personal access token (/tokens).',
        },
        cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      },
    },
  };
}

let built: OpenApiDocument | null = null;

/** The document, built on first use (not at start: most processes never serve it). */
export function openApiDocument(): OpenApiDocument {
  built ??= buildDocument();
  return built;
}
