import { BOOKMARKABLE_TYPES, type BookmarkableType } from '@rules';
import { Field, ID, ObjectType } from 'type-graphql';
import { enumOf } from '../../graphql/enum';
import { ProgressMap } from '../maps/map.types';
import { Problem } from '../problems/problem.types';
import { Skill } from '../skills/skill.types';
import { Solution } from '../solutions/solution.types';
import { Story } from '../stories/story.types';
import { pageOf } from '../../graphql/page';
import { Post } from '../posts/post.types';

export const BookmarkableItemTypeEnum = enumOf(
  'BookmarkableItemType',
  BOOKMARKABLE_TYPES,
  'What people bookmark, named as its REST collection.',
  {
    stories: 'A story.',
    problems: 'A problem.',
    solutions: 'A solution.',
    skills: 'A skill.',
    views: 'A progress map or a recipe (REST calls maps views).',
  },
);

@ObjectType({
  description: 'A bookmarked item (/bookmarks): `post`, or `progressMap` for a map.',
})
export class MyBookmark {
  @Field(() => BookmarkableItemTypeEnum, { description: 'The kind of item bookmarked.' })
  itemType!: BookmarkableType;
  @Field(() => ID, { description: "The item's id." }) itemId!: string;
  @Field(() => Date, { description: 'When the viewer bookmarked it.' }) bookmarkedAt!: Date;
  @Field(() => Post, { nullable: true, description: 'The bookmarked post; null for a map.' })
  post!: unknown;
  @Field(() => Story, {
    nullable: true,
    deprecationReason: 'Use post.',
    description: 'The story bookmarked; null for other kinds.',
  })
  story!: unknown;
  @Field(() => Problem, {
    nullable: true,
    deprecationReason: 'Use post.',
    description: 'The problem bookmarked; null for other kinds.',
  })
  problem!: unknown;
  @Field(() => Solution, {
    nullable: true,
    deprecationReason: 'Use post.',
    description: 'The solution bookmarked; null for other kinds.',
  })
  solution!: unknown;
  @Field(() => Skill, {
    nullable: true,
    deprecationReason: 'Use post.',
    description: 'The skill bookmarked; null for other kinds.',
  })
  skill!: unknown;
  @Field(() => ProgressMap, {
    nullable: true,
    description: 'The progress map or recipe bookmarked; null for a post.',
  })
  progressMap!: unknown;
}

export const MyBookmarkPage = pageOf(MyBookmark);
