import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MESSAGES } from '@rules';
import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type GraphQLSchema,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { createRequire } from 'node:module';
import type * as QueryComplexity from 'graphql-query-complexity';

// The package's ESM build imports 'graphql/index.mjs', a second copy of graphql next to the CJS one
// type-graphql and Apollo use ("Cannot use GraphQLObjectType from another module or realm" on every
// request). Its CJS build, loaded with require, shares the one copy.
const { getComplexity, simpleEstimator } = createRequire(import.meta.url)(
  'graphql-query-complexity',
) as typeof QueryComplexity;

/** Limits every operation must stay under; introspection (depth ~13 in GraphiQL's query) fits. */
export const QUERY_LIMITS = { maxDepth: 15, maxAliases: 30, maxCost: 5000 } as const;

const limitError = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function selectionDepth(
  set: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (!set) return 0;
  let deepest = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(
        deepest,
        selection.selectionSet ? 1 + selectionDepth(selection.selectionSet, fragments, seen) : 1,
      );
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, selectionDepth(selection.selectionSet, fragments, seen));
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (!fragment || seen.has(name)) continue; // cycles are reported by graphql's own rule
      deepest = Math.max(
        deepest,
        selectionDepth(fragment.selectionSet, fragments, new Set(seen).add(name)),
      );
    }
  }
  return deepest;
}

export function depthLimitRule(context: ValidationContext): ASTVisitor {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return {
    OperationDefinition(operation) {
      if (selectionDepth(operation.selectionSet, fragments, new Set()) > QUERY_LIMITS.maxDepth) {
        context.reportError(limitError(MESSAGES.queryTooDeep));
      }
    },
  };
}

export function aliasLimitRule(context: ValidationContext): ASTVisitor {
  let aliases = 0;
  return {
    Field(field) {
      if (field.alias && ++aliases === QUERY_LIMITS.maxAliases + 1)
        context.reportError(limitError(MESSAGES.tooManyAliases));
    },
  };
}

/**
 * A field that takes `first` costs its children that many times (a page of that size). Services
 * never return more than MAX_PAGE_SIZE, so a larger `first` costs what it can actually fetch.
 */
const pageSizeEstimator: QueryComplexity.ComplexityEstimator = ({ args, childComplexity }) => {
  if (!('first' in args)) return undefined;
  const first =
    typeof args.first === 'number' ? Math.min(args.first, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return 1 + first * Math.max(childComplexity, 1);
};

/**
 * The cost of a document under given variables. Only numbers (`first`) and booleans (`@include`,
 * `@skip`) can change it; strings (cursors, ids, text) never do, so every page of one query shares
 * one cached cost and a busy query is costed once, not on every request.
 */
const costCache = new WeakMap<DocumentNode, Map<string, number>>();
const COSTS_PER_DOCUMENT = 100;

function operationCost(
  schema: GraphQLSchema,
  query: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): number {
  const key = `${operationName ?? ''}|${JSON.stringify(variables, (_name, value: unknown) =>
    typeof value === 'string' ? undefined : value,
  )}`;
  let costs = costCache.get(query);
  if (!costs) costCache.set(query, (costs = new Map()));
  let cost = costs.get(key);
  if (cost === undefined) {
    cost = getComplexity({
      schema,
      query,
      operationName,
      variables,
      estimators: [pageSizeEstimator, simpleEstimator({ defaultComplexity: 1 })],
    });
    if (costs.size >= COSTS_PER_DOCUMENT) costs.clear();
    costs.set(key, cost);
  }
  return cost;
}

/** Cost needs the variables, so it is checked once the operation is known, not as a static rule. */
export function operationCostError(
  schema: GraphQLSchema,
  query: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): GraphQLError | null {
  const cost = operationCost(schema, query, operationName ?? undefined, variables ?? {});
  return cost > QUERY_LIMITS.maxCost ? limitError(MESSAGES.queryTooComplex) : null;
}

export const operationLimitRules = [depthLimitRule, aliasLimitRule];
