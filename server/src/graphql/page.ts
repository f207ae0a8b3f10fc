import { Field, ObjectType, type ClassType } from 'type-graphql';

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
