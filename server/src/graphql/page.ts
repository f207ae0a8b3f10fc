import { Field, ObjectType, type ArgOptions, type ClassType } from 'type-graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@rules';

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

/**
 * A keyset page of `item` as GraphQL shows it: `items`, and `last` to pass as `after` for the
 * next page. Named `<Item>Page` (StoryPage, SkillMemberPage…), as clients' queries name it.
 */
export function pageOf<Item extends object>(item: ClassType<Item>, name = `${item.name}Page`) {
  @ObjectType(name)
  class Page {
    @Field(() => [item]) items!: Item[];
    @Field(() => String, {
      nullable: true,
      description: 'Cursor for the next page; null on the last.',
    })
    last!: string | null;
  }
  return Page;
}
