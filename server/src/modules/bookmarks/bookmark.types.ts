import { BOOKMARKABLE_TYPES, type BookmarkableType } from '@rules';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { ProgressMap } from '../maps/map.types';
import { Problem } from '../problems/problem.types';
import { Skill } from '../skills/skill.types';
import { Solution } from '../solutions/solution.types';
import { Story } from '../stories/story.types';
import { pageOf } from '../../graphql/page';

export const BookmarkableItemTypeEnum = Object.fromEntries(
  BOOKMARKABLE_TYPES.map((type) => [type, type]),
) as { [K in BookmarkableType]: K };
registerEnumType(BookmarkableItemTypeEnum, {
  name: 'BookmarkableItemType',
  description: 'What people bookmark, named as its REST collection.',
});

@ObjectType({ description: 'A bookmarked item (/bookmarks): the field of its kind is set.' })
export class MyBookmark {
  @Field(() => BookmarkableItemTypeEnum) itemType!: BookmarkableType;
  @Field(() => ID) itemId!: string;
  @Field(() => Date) bookmarkedAt!: Date;
  @Field(() => Story, { nullable: true }) story!: unknown;
  @Field(() => Problem, { nullable: true }) problem!: unknown;
  @Field(() => Solution, { nullable: true }) solution!: unknown;
  @Field(() => Skill, { nullable: true }) skill!: unknown;
  @Field(() => ProgressMap, { nullable: true }) progressMap!: unknown;
}

export const MyBookmarkPage = pageOf(MyBookmark);
