import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { PathRouter } from '../../server/src/rest/paths';
import { createRestRouter } from '../../server/src/rest/router';
import { gqlData } from './clients';

/**
 * The API's whole surface as a client sees it, for tests that go over every row and argument
 * (fuzz.test.ts, oversized-input.test.ts): REST rows read from the router express mounts, GraphQL
 * fields by introspection. A new row or argument is covered without touching those tests.
 */

export interface RestRow {
  method: string;
  /** Express's pattern, `:name` for path parameters. */
  path: string;
}

/** Every row the REST router serves, and the collections /list/v2, /get/v2 and /add route to. */
export function restRows(): { rows: RestRow[]; collections: string[] } {
  const paths = new PathRouter();
  const router = createRestRouter(paths) as unknown as {
    stack: { route?: { path: string; methods: Record<string, boolean> } }[];
  };
  const rows = router.stack.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods).map((method) => ({
          method: method.toUpperCase(),
          path: route.path,
        }))
      : [],
  );
  return { rows, collections: paths.names() };
}

export interface RootField {
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/** The server's schema by introspection, and every Query and Mutation field of it. */
export async function rootFields(
  url: string,
): Promise<{ schema: GraphQLSchema; fields: RootField[] }> {
  const schema = buildClientSchema(await gqlData<IntrospectionQuery>(url, getIntrospectionQuery()));
  const fields = [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({
      operation: 'query' as const,
      field,
    })),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({
      operation: 'mutation' as const,
      field,
    })),
  ];
  return { schema, fields };
}

/** `__typename` and the return type's leaf fields that need no arguments, so presenters run too. */
export function selection(field: GraphQLField<unknown, unknown>): string {
  const type = getNamedType(field.type);
  if (isLeafType(type)) return '';
  if (!isObjectType(type)) return '{ __typename }';
  const leaves = Object.values(type.getFields())
    .filter((child) => isLeafType(getNamedType(child.type)) && child.args.length === 0)
    .map((child) => child.name);
  return `{ __typename ${leaves.join(' ')} }`;
}

/** `mutation Name($a: T, …) { field(a: $a, …) { … } }` for a root field and all its arguments. */
export function operationOf({ operation, field }: RootField, name: string): string {
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return (
    `${operation} ${name}${definitions ? `(${definitions})` : ''} ` +
    `{ ${field.name}${args ? `(${args})` : ''} ${selection(field)} }`
  );
}

/** Rows and fields that would end the signed-in person's session. */
export const SESSION_ENDING = new Set([
  'POST /auth/logout',
  'DELETE /user/delete',
  'signOut',
  'deleteAccount',
]);

/** A place in a field's variables: argument name, then input fields and list indexes. */
export type ValuePath = (string | number)[];

/**
 * Every place a string goes in a field's arguments (String and ID, and the custom scalars a
 * client sends as text): each argument, each field of an input object, the first item of a list.
 * An input type met again inside itself is not followed further.
 */
export function stringPlaces(field: GraphQLField<unknown, unknown>): ValuePath[] {
  const places: ValuePath[] = [];
  const walk = (type: GraphQLInputType, path: ValuePath, seen: string[]) => {
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) return walk(inner.ofType, [...path, 0], seen);
    if (isInputObjectType(inner)) {
      if (seen.includes(inner.name)) return;
      for (const child of Object.values(inner.getFields()))
        walk(child.type, [...path, child.name], [...seen, inner.name]);
      return;
    }
    if (['String', 'ID', 'DateTimeISO'].includes(getNamedType(inner).name)) places.push(path);
  };
  for (const arg of field.args) walk(arg.type, [arg.name], []);
  return places;
}
