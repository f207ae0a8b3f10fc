import { HeaderMap } from '@apollo/server';
import type { ApiScope } from '@rules';
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { CONTENT_ACCESS, scopeRefusal, type Access, type ReadWriteAccess } from '../auth/scopes';
import { AppError, HTTP_STATUS, wwwAuthenticate } from '../errors';

/**
 * Which token scope each root field needs. A resolver class declares its access once with
 * `@TokenAccess(...)` (chat, notifications, admin, session-only); an undeclared one is content:
 * `read` for its queries and subscriptions, `write` for its mutations.
 */
const declared = new Map<object, ReadWriteAccess>();
export function TokenAccess(access: ReadWriteAccess): ClassDecorator {
  return (target) => {
    declared.set(target, access);
  };
}

type RootType = 'query' | 'mutation' | 'subscription';

/** `query.stories` → its access, from the resolvers as type-graphql collected them. */
function rootFieldAccess(): Map<string, Access> {
  const storage = getMetadataStorage();
  const access = new Map<string, Access>();
  const add = (type: RootType, fields: { schemaName: string; target: object }[]) => {
    for (const field of fields) {
      const classAccess = declared.get(field.target) ?? CONTENT_ACCESS;
      access.set(
        `${type}.${field.schemaName}`,
        type === 'mutation' ? classAccess.write : classAccess.read,
      );
    }
  };
  add('query', storage.queries);
  add('mutation', storage.mutations);
  add('subscription', storage.subscriptions);
  return access;
}

/** The root fields an operation selects, through fragments; introspection fields aside. */
function rootFields(document: DocumentNode, operation: OperationDefinitionNode): Set<string> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  const names = new Set<string>();
  const seen = new Set<string>();
  const walk = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!selection.name.value.startsWith('__')) names.add(selection.name.value);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return names;
}

let accessByField: Map<string, Access> | null = null;

/**
 * The refusal of an operation the caller's token may not run (naming the first missing scope), or
 * null; `scopes` null (a session, or signed out) may run anything its person may.
 */
export function operationScopeRefusal(
  scopes: ReadonlySet<ApiScope> | null,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): AppError | null {
  if (!scopes) return null;
  accessByField ??= rootFieldAccess();
  for (const field of rootFields(document, operation)) {
    // A root field no resolver declares does not exist (validation refused it already).
    const refusal = scopeRefusal(
      scopes,
      accessByField.get(`${operation.operation}.${field}`) ?? 'session',
    );
    if (refusal) return refusal;
  }
  return null;
}

/** The refusal as a GraphQL error: its code and scope, and over HTTP 403 with WWW-Authenticate. */
export function scopeGraphQLError(refusal: AppError, overHttp: boolean): GraphQLError {
  const header = wwwAuthenticate(refusal);
  const headers = new HeaderMap();
  if (header) headers.set('www-authenticate', header);
  return new GraphQLError(refusal.message, {
    extensions: {
      code: refusal.code,
      ...(refusal.details.scope && { scope: refusal.details.scope }),
      ...(overHttp && { http: { status: HTTP_STATUS[refusal.code], headers } }),
    },
  });
}
