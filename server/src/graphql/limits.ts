import { ApolloArmor } from '@escape.tech/graphql-armor';
import { DEFAULT_PAGE_SIZE, GRAPHQL_LIMITS, ID_MAX, MAX_PAGE_SIZE, MESSAGES } from '@rules';
import {
  GraphQLError,
  Kind,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isInputObjectType,
  isListType,
  isNonNullType,
  typeFromAST,
  visit,
  type ASTVisitor,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type ParseOptions,
  type TypeNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createRequire } from 'node:module';
import type * as QueryComplexity from 'graphql-query-complexity';

/**
 * The limits every GraphQL document meets, one definition for both transports: Apollo takes
 * PARSE_OPTIONS, operationLimitRules and operationVariablesError (in a plugin), and so does graphql-ws.
 * Every rule here costs time linear in the document: a fragment's contents are counted once, however
 * often it is spread.
 */

// The package's ESM build imports 'graphql/index.mjs', a second copy of graphql next to the CJS one
// type-graphql and Apollo use ("Cannot use GraphQLObjectType from another module or realm" on every
// request). Its CJS build, loaded with require, shares the one copy.
const { getComplexity, simpleEstimator } = createRequire(import.meta.url)(
  'graphql-query-complexity',
) as typeof QueryComplexity;

/** graphql's own token count stops the parser, so a huge document is never parsed or validated. */
export const PARSE_OPTIONS: ParseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };

const limitError = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** Armor reports in its own words ("Syntax Error: …"); ours are translated (schema/rules). */
const refuseWith = (message: string) => (context: ValidationContext | null) =>
  context?.reportError(limitError(message));

/**
 * GraphQL Armor's depth, alias and directive rules (each memoises a fragment's count). Its token
 * limit is left out: as an Apollo plugin it answers 500 and parses every document twice, where
 * graphql's own maxTokens answers 400. Its cost limit is left out too: it multiplies by `first`
 * only when written inline, so `first: $n` would cost nothing.
 */
const armorRules = new ApolloArmor({
  maxDepth: {
    n: GRAPHQL_LIMITS.maxDepth,
    // Introspection counts too: `ofType { ofType { … } }` is the schema's one unbounded nesting.
    ignoreIntrospection: false,
    // A spread adds its fields' depth, not a level of its own: GraphiQL's introspection query (depth
    // 15 through three nested fragments) must fit.
    flattenFragments: true,
    onReject: [refuseWith(MESSAGES.queryTooDeep)],
    propagateOnRejection: false,
  },
  maxAliases: {
    n: GRAPHQL_LIMITS.maxAliases,
    allowList: [],
    onReject: [refuseWith(MESSAGES.tooManyAliases)],
    propagateOnRejection: false,
  },
  maxDirectives: {
    n: GRAPHQL_LIMITS.maxDirectives,
    onReject: [refuseWith(MESSAGES.tooManyDirectives)],
    propagateOnRejection: false,
  },
  maxTokens: { enabled: false },
  costLimit: { enabled: false },
  // Introspection is public, so graphql's "Did you mean …?" reveals nothing and helps consumers.
  blockFieldSuggestion: { enabled: false },
}).protect().validationRules;

interface DefinitionCount {
  /** Fields, inline fragments and fragment spreads written in the definition itself. */
  selections: number;
  /** How often each fragment is spread in it. */
  spreads: Map<string, number>;
}

/**
 * Refuses a document whose operations select more than maxSelections fields once their fragments
 * are expanded: ten `...F1` in F0, ten `...F2` in F1 and so on is 10^9 selections in 816 bytes.
 * Each definition is read once and each fragment's expanded size computed once. Armor has no such
 * rule; Apollo's maxRecursiveSelections is the same idea, over HTTP only and in its own words.
 */
export function selectionLimitRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, DefinitionCount>();
  const operations: DefinitionCount[] = [];
  const expanded = new Map<string, number>();
  let current: DefinitionCount | undefined;

  const begin = () => (current = { selections: 0, spreads: new Map() });
  const count = (spread?: string) => {
    if (!current) return;
    current.selections += 1;
    if (spread) current.spreads.set(spread, (current.spreads.get(spread) ?? 0) + 1);
  };
  const size = (definition: DefinitionCount): number => {
    let total = definition.selections;
    for (const [name, times] of definition.spreads) total += times * fragmentSize(name);
    return total;
  };
  const fragmentSize = (name: string): number => {
    const known = expanded.get(name);
    if (known !== undefined) return known;
    expanded.set(name, 0); // a cycle adds nothing more; graphql's NoFragmentCyclesRule reports it
    const fragment = fragments.get(name);
    const total = fragment ? size(fragment) : 0;
    expanded.set(name, total);
    return total;
  };

  return {
    OperationDefinition: {
      enter: () => void operations.push(begin()),
      leave: () => void (current = undefined),
    },
    FragmentDefinition: {
      enter: (node) => void fragments.set(node.name.value, begin()),
      leave: () => void (current = undefined),
    },
    Field: () => count(),
    InlineFragment: () => count(),
    FragmentSpread: (node) => count(node.name.value),
    Document: {
      leave() {
        if (operations.some((operation) => size(operation) > GRAPHQL_LIMITS.maxSelections))
          context.reportError(limitError(MESSAGES.queryTooComplex));
      },
    },
  };
}

/**
 * An ID longer than ID_MAX names nothing, and is refused before anything looks it up: a lookup
 * with a megabyte of text costs the database hundreds of milliseconds (PGlite runs in this
 * process), where a refusal here costs nothing. Services still check the ids REST hands them.
 */
const isLongId = (value: unknown) => typeof value === 'string' && value.length > ID_MAX;
const idTooLong = () => limitError(MESSAGES.invalidValue);

/** IDs written into the document itself. */
export function idLiteralRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      const type = context.getInputType();
      if (type && getNamedType(type).name === 'ID' && isLongId(node.value))
        context.reportError(idTooLong());
    },
  };
}

export const operationLimitRules: ValidationRule[] = [
  ...armorRules,
  selectionLimitRule,
  idLiteralRule,
];

/** Whether a variable's value holds an ID past ID_MAX, walked by its type (lists, input fields). */
function holdsLongId(type: GraphQLInputType, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (isNonNullType(type)) return holdsLongId(type.ofType, value);
  if (isListType(type))
    return Array.isArray(value)
      ? value.some((item) => holdsLongId(type.ofType, item))
      : holdsLongId(type.ofType, value);
  if (isInputObjectType(type)) {
    if (typeof value !== 'object') return false;
    const fields = type.getFields();
    return Object.entries(value).some(
      ([name, item]) => fields[name] !== undefined && holdsLongId(fields[name].type, item),
    );
  }
  return type.name === 'ID' && isLongId(value);
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
 * Whether any field of the document asks for a page (`first`) outside 1..MAX_PAGE_SIZE, as a
 * literal or through a variable: refused rather than quietly cut, so a client learns the bound.
 */
function pageSizeOutOfRange(document: DocumentNode, variables: Record<string, unknown>): boolean {
  let outOfRange = false;
  visit(document, {
    Argument(argument) {
      if (argument.name.value !== 'first') return;
      const value =
        argument.value.kind === Kind.INT
          ? Number(argument.value.value)
          : argument.value.kind === Kind.VARIABLE
            ? variables[argument.value.name.value]
            : undefined;
      if (typeof value === 'number' && (value < 1 || value > MAX_PAGE_SIZE)) outOfRange = true;
    },
  });
  return outOfRange;
}

const pageSizeError = () =>
  new GraphQLError(MESSAGES.pageSizeInvalid, {
    extensions: { code: 'BAD_USER_INPUT', field: 'first' },
  });

/** Variable types that can change a cost: page sizes (`first`) and `@include`/`@skip` conditions. */
const COST_VARIABLE_TYPES = new Set(['Int', 'Boolean']);

/** The scalar a variable holds, or undefined for a list (no list can be a page size or condition). */
const scalarName = (type: TypeNode): string | undefined =>
  type.kind === Kind.NAMED_TYPE
    ? type.name.value
    : type.kind === Kind.NON_NULL_TYPE
      ? scalarName(type.type)
      : undefined;

/**
 * The cost of a validated document's operation under given variables, cached per document. Only
 * numbers and booleans can change it, so every page of one query shares one cost, and the cache key
 * is built from those variables alone: never from the whole variables object, which may nest
 * deeper than any recursion survives.
 */
const costCache = new WeakMap<DocumentNode, Map<string, number>>();
const COSTS_PER_DOCUMENT = 100;

/**
 * The limits that need the variables, checked once the operation is known, not as static rules:
 * the variables' IDs (isLongId) first, then the cost. An operation that cannot run (no operation
 * by that name, variables of the wrong type) is left to the executor, which refuses it with
 * graphql's own 400 error.
 */
export function operationVariablesError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): GraphQLError | null {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const definitions = operation.variableDefinitions ?? [];
  // IDs go first: coercion and costing would copy them.
  for (const { type, variable } of definitions) {
    const inputType = typeFromAST(schema, type);
    if (inputType && holdsLongId(inputType as GraphQLInputType, variables?.[variable.name.value]))
      return idTooLong();
  }
  const coerced = getVariableValues(schema, definitions, variables ?? {}, { maxErrors: 1 });
  if (coerced.errors) return null;
  if (pageSizeOutOfRange(document, coerced.coerced)) return pageSizeError();

  const parts = [operation.name?.value ?? ''];
  for (const { type, variable } of definitions) {
    const name = variable.name.value;
    if (COST_VARIABLE_TYPES.has(scalarName(type) ?? ''))
      parts.push(`${name}=${String(coerced.coerced[name])}`);
  }
  const key = parts.join('|');
  let costs = costCache.get(document);
  if (!costs) costCache.set(document, (costs = new Map()));
  let cost = costs.get(key);
  if (cost === undefined) {
    cost = getComplexity({
      schema,
      query: document,
      operationName: operation.name?.value,
      variables: variables ?? {},
      estimators: [pageSizeEstimator, simpleEstimator({ defaultComplexity: 1 })],
    });
    if (costs.size >= COSTS_PER_DOCUMENT) costs.clear();
    costs.set(key, cost);
  }
  return cost > GRAPHQL_LIMITS.maxCost ? limitError(MESSAGES.queryTooComplex) : null;
}
