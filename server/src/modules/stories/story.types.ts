import { STORY_LISTS, STORY_SORTS } from '@rules';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { pageOf } from '../../graphql/page';
import { MediaInput } from '../media/media.types';
import { Post } from '../posts/post.types';
import { LocationInput } from '../places/location.types';

export enum StoryListKind {
  recent = 'recent',
  mystories = 'mystories',
  mydrafts = 'mydrafts',
  anonymous = 'anonymous',
  following = 'following',
}
registerEnumType(StoryListKind, {
  name: 'StoryListKind',
  description: `Which stories: ${STORY_LISTS.join(', ')}, following. Only recent is public; following is the active space's stories tagged with a tag the viewer follows; the others are the viewer's own.`,
});

export enum StorySort {
  recent = 'recent',
  reactions = 'reactions',
  comments = 'comments',
  location = 'location',
}
registerEnumType(StorySort, {
  name: 'StorySort',
  description: `Story order: ${STORY_SORTS.join(', ')} (newest, most reactions, most comments, nearest to the given position).`,
});

@ObjectType()
export class StoryCounters {
  @Field(() => Int) totalReactions!: number;
  @Field(() => Int) totalComments!: number;
}

@ObjectType({
  description: 'A story (perspective). Rich text is sanitised on the server.',
  implements: Post,
})
export class Story extends Post {
  @Field(() => String, { description: 'Rich text (sanitised HTML)' })
  story!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The problem it was posted to (then it is not public).',
  })
  problemId!: string | null;
  @Field(() => Boolean) isDraft!: boolean;
  @Field(() => Date) updatedAt!: Date;
  @Field(() => Float, {
    nullable: true,
    description: "Kilometres from the list's position; only in lists given a position.",
  })
  distanceKm?: number | null;
}

export const StoryPage = pageOf(Story);

@InputType()
export class CreateStoryInput {
  @Field(() => String) story!: string;
  @Field(() => Boolean, { nullable: true }) isAnonymousPost?: boolean;
  @Field(() => Boolean, { nullable: true }) isDraft?: boolean;
  @Field(() => ID, {
    nullable: true,
    description: 'Defaults to the viewer’s active space.',
  })
  spaceId?: string;
  @Field(() => ID, {
    nullable: true,
    description:
      'Post to this problem (readable by the viewer); the story then goes in its space and is not public.',
  })
  problemId?: string;
  @Field(() => [MediaInput], {
    nullable: true,
    description:
      'Attachments in the order shown (at most 5); omitted: none on create, unchanged on edit.',
  })
  files?: MediaInput[] | null;
  @Field(() => LocationInput, {
    nullable: true,
    description: 'Its place; omitted: none on create, unchanged on edit; null clears it.',
  })
  location?: LocationInput | null;
}

@InputType()
export class UpdateStoryInput {
  @Field(() => String, { nullable: true }) story?: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Move the story to this problem.',
  })
  problemId?: string;
  @Field(() => Boolean, { nullable: true }) isAnonymousPost?: boolean;
  @Field(() => Boolean, { nullable: true }) isDraft?: boolean;
  @Field(() => [MediaInput], {
    nullable: true,
    description:
      'Attachments in the order shown (at most 5); omitted: none on create, unchanged on edit.',
  })
  files?: MediaInput[] | null;
  @Field(() => LocationInput, {
    nullable: true,
    description: 'Its place; omitted: none on create, unchanged on edit; null clears it.',
  })
  location?: LocationInput | null;
}
