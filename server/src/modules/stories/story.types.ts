import { STORY_LISTS, STORY_SORTS, STORY_TEXT_MAX, STORY_TEXT_MIN } from '@rules';
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

@ObjectType({ description: "A story's counts." })
export class StoryCounters {
  @Field(() => Int, { description: 'Reactions of every kind.' }) totalReactions!: number;
  @Field(() => Int, { description: 'Comments and replies.' }) totalComments!: number;
}

@ObjectType({
  description: 'A story (perspective). Rich text is sanitised on the server.',
  implements: Post,
})
export class Story extends Post {
  @Field(() => String, { description: 'Its text: rich text as sanitised HTML.' })
  story!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The problem it was posted to (then it is not public).',
  })
  problemId!: string | null;
  @Field(() => Boolean, { description: 'A draft: only its author sees it.' }) isDraft!: boolean;
  @Field(() => Date, { description: 'When it was last changed (its creation time if never).' })
  updatedAt!: Date;
  @Field(() => Float, {
    nullable: true,
    description: "Kilometres from the list's position; only in lists given a position.",
  })
  distanceKm?: number | null;
}

export const StoryPage = pageOf(Story);

@InputType({ description: 'A new story.' })
export class CreateStoryInput extends DraftablePostInput {
  @Field(() => String, {
    description: `Rich text (HTML, sanitised): ${STORY_TEXT_MIN} to ${STORY_TEXT_MAX} characters of text with at least one #hashtag.`,
  })
  story!: string;
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

@InputType({ description: 'Changes to a story; a field left out keeps its value.' })
export class UpdateStoryInput extends DraftablePostInput {
  @Field(() => String, {
    nullable: true,
    description: `New text, by the rules of CreateStoryInput.story; its tags are read again.`,
  })
  story?: string;
  @Field(() => ID, {
    nullable: true,
    description: 'Move the story to this problem.',
  })
  problemId?: string;
}
