import { STORY_LISTS, STORY_SORTS } from '@rules';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { pageOf } from '../../graphql/page';
import { DraftablePostInput, Post } from '../posts/post.types';

export const StoryListKind = enumOf(
  'StoryListKind',
  [...STORY_LISTS, 'following'],
  'Which stories a list shows. Only recent is public; the others need sign-in.',
  {
    recent: "The space's feed (the active space when none is named).",
    mystories: "The viewer's own published stories, anonymous ones left out, in every space.",
    mydrafts: "The viewer's own drafts, in every space.",
    anonymous: "The viewer's own published anonymous stories, in every space.",
    following: "The space's stories tagged with a tag the viewer follows.",
  },
);
export type StoryListKind = ValueOf<typeof StoryListKind>;

export const StorySort = enumOf('StorySort', STORY_SORTS, 'Order of a story list.', {
  recent: 'Newest first.',
  reactions: 'Most reactions first.',
  comments: 'Most comments first.',
  location:
    'Nearest to the given position first; needs a position and lists only stories with a place.',
});
export type StorySort = ValueOf<typeof StorySort>;

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
export class CreateStoryInput extends DraftablePostInput {
  @Field(() => String) story!: string;
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
}

@InputType()
export class UpdateStoryInput extends DraftablePostInput {
  @Field(() => String, { nullable: true }) story?: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Move the story to this problem.',
  })
  problemId?: string;
}
