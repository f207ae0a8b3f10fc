import { Field, ObjectType, type ArgOptions, type ClassType } from 'type-graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@rules';
import type { Page } from '../db/keyset';

// Every list is a Relay cursor connection (edges { cursor node }, pageInfo), so Relay's, urql's
// and Apollo's pagination helpers work unchanged. Lists are read forward only (`first`/`after`);
// `items` and `last`, the shape before connections, stay as deprecated aliases.

/** The `first` argument of every list. Out of range is refused (graphql/limits.ts), not clamped. */
export const FIRST_ARG: ArgOptions = {
  nullable: true,
  description: `How many items to return, 1 to ${MAX_PAGE_SIZE} (${DEFAULT_PAGE_SIZE} when omitted).`,
};

/** The `after` argument of every list. */
export const AFTER_ARG: ArgOptions = {
  nullable: true,
  description:
    "Return the items after this cursor: the previous page's `pageInfo.endCursor` or an edge's `cursor`.",
};

@ObjectType({
  description: 'Where a page of a list stands, as the Relay connection spec names it.',
})
export class PageInfo {
  @Field(() => Boolean, {
    description: 'Whether more items follow: pass `endCursor` as `after` to read them.',
  })
  hasNextPage!: boolean;
  @Field(() => Boolean, {
    description:
      'Whether older items come before: chat history, read backward with `last` and `before`. False for lists read forward.',
  })
  hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: "The first edge's cursor; null when empty." })
  startCursor!: string | null;
  @Field(() => String, { nullable: true, description: "The last edge's cursor; null when empty." })
  endCursor!: string | null;
}

interface Edge<T> {
  node: T;
  cursor: string;
}

const pageInfoOf = (
  edges: Edge<unknown>[],
  more: Pick<PageInfo, 'hasNextPage' | 'hasPreviousPage'>,
): PageInfo => ({
  ...more,
  startCursor: edges[0]?.cursor ?? null,
  endCursor: edges.at(-1)?.cursor ?? null,
});

/** A keyset page as a connection: each item with its own cursor, and where the page ends. */
export function toConnection<T>(page: Page<T>) {
  const edges = page.items.map((node, index) => ({ node, cursor: page.cursors[index]! }));
  return {
    edges,
    pageInfo: pageInfoOf(edges, { hasNextPage: page.last !== null, hasPreviousPage: false }),
    items: page.items,
    last: page.last,
  };
}

/**
 * A list read backward, oldest first (chat history: the `last` items `before` a cursor). An
 * item's cursor is its id; `hasPreviousPage` says whether older items remain.
 */
export function backwardConnection<T extends { id: string }>(items: T[], hasPreviousPage: boolean) {
  const edges = items.map((node) => ({ node, cursor: node.id }));
  return { edges, pageInfo: pageInfoOf(edges, { hasNextPage: false, hasPreviousPage }), items };
}

/** `toConnection` of a page still being read (a resolver returning a service's list). */
export const connectionFrom = async <T>(page: Promise<Page<T>>) => toConnection(await page);

/** `toConnection` for a list whose deprecated next-page cursor is `nextCursor` (see pageOf). */
export const nextCursorConnection = <T>(page: Page<T>) => ({
  ...toConnection(page),
  nextCursor: page.last,
});

/** `toConnection` of a page whose rows are presented as GraphQL objects first. */
export const connectionOf = <Row, Node>(page: Page<Row>, present: (row: Row) => Node) =>
  toConnection({ ...page, items: page.items.map(present) });

/**
 * The connection type of a list of `item`: `<Name>Connection` with its `<Name>Edge`, `Name`
 * being the item's GraphQL name unless given (StoryConnection, SkillMemberConnection…).
 * `legacyCursor` names the deprecated next-page cursor field the list had before connections
 * (`last`, or `nextCursor` for reports and notifications; null for none).
 */
export function pageOf<Item extends object>(
  item: ClassType<Item>,
  name = item.name,
  legacyCursor: 'last' | 'nextCursor' | null = 'last',
) {
  @ObjectType(`${name}Edge`, { description: `One ${name} of a list, with its cursor.` })
  class Edge {
    @Field(() => item, { description: 'The item.' }) node!: Item;
    @Field(() => String, { description: 'Pass as `after` to read the items after this one.' })
    cursor!: string;
  }

  @ObjectType(`${name}Connection`, { description: `A page of a list of ${name}.` })
  class Connection {
    @Field(() => [Edge], { description: 'The items of this page, in the list’s order.' })
    edges!: Edge[];
    @Field(() => PageInfo, { description: 'Whether more items follow, and the cursor to them.' })
    pageInfo!: PageInfo;
    @Field(() => [item], {
      description: 'The items of this page.',
      deprecationReason: 'Use edges { node }.',
    })
    items!: Item[];
  }
  if (legacyCursor)
    Field(() => String, {
      nullable: true,
      description: 'Cursor for the next page; null on the last.',
      deprecationReason: 'Use pageInfo { hasNextPage endCursor }.',
    })(Connection.prototype, legacyCursor);
  return Connection;
}
