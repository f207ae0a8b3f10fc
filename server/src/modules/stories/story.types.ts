import { STORY_LISTS } from '@rules';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum StoryListKind {
  recent = 'recent',
  mystories = 'mystories',
  mydrafts = 'mydrafts',
  anonymous = 'anonymous',
}
registerEnumType(StoryListKind, {
  name: 'StoryListKind',
  description: `Which stories: ${STORY_LISTS.join(', ')}. Only recent is public; the others are the viewer's own.`,
});

@ObjectType()
export class StoryCounters {
  @Field(() => Int) totalReactions!: number;
  @Field(() => Int) totalComments!: number;
}

@ObjectType({ description: 'A story (perspective). Rich text is sanitised on the server.' })
export class Story {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'Rich text (sanitised HTML)' }) story!: string;
  @Field(() => [String]) tags!: string[];
  @Field(() => ID) spaceId!: string;
  @Field(() => Boolean) isAnonymousPost!: boolean;
  @Field(() => Boolean) isDraft!: boolean;
  @Field(() => Boolean, { description: 'False while an anonymous post waits for approval.' }) isApproved!: boolean;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

@ObjectType()
export class StoryPage {
  @Field(() => [Story]) items!: Story[];
  @Field(() => String, { nullable: true, description: 'Cursor for the next page; null on the last.' })
  last!: string | null;
}

@InputType()
export class CreateStoryInput {
  @Field(() => String) story!: string;
  @Field(() => Boolean, { nullable: true }) isAnonymousPost?: boolean;
  @Field(() => Boolean, { nullable: true }) isDraft?: boolean;
  @Field(() => ID, { nullable: true, description: 'Defaults to the viewer’s active space.' }) spaceId?: string;
}

@InputType()
export class UpdateStoryInput {
  @Field(() => String, { nullable: true }) story?: string;
  @Field(() => Boolean, { nullable: true }) isAnonymousPost?: boolean;
  @Field(() => Boolean, { nullable: true }) isDraft?: boolean;
}
