import {
  REACTABLE_TYPES,
  REACTION_EMOJI,
  REACTION_KINDS,
  type ReactableType,
  type ReactionKind,
} from '@rules';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { enumOf } from '../../graphql/enum';
import { CommentType } from '../comments/comment.types';
import { Problem } from '../problems/problem.types';
import { Solution } from '../solutions/solution.types';
import { Story } from '../stories/story.types';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';
import { Post } from '../posts/post.types';

export const ReactionKindEnum = enumOf(
  'ReactionKind',
  REACTION_KINDS,
  "A reaction, in the picker's order. No reaction is null ('React?').",
  {
    like: `Like (${REACTION_EMOJI.like}).`,
    happy: `Happy (${REACTION_EMOJI.happy}).`,
    celebrate: `Celebrate (${REACTION_EMOJI.celebrate}).`,
    dislike: `Dislike (${REACTION_EMOJI.dislike}).`,
    sad: `Sad (${REACTION_EMOJI.sad}).`,
    angry: `Angry (${REACTION_EMOJI.angry}).`,
    thinking: `Thinking (${REACTION_EMOJI.thinking}).`,
  },
);

export const ReactableItemTypeEnum = enumOf(
  'ReactableItemType',
  REACTABLE_TYPES,
  'What people react to, named as its REST collection.',
  {
    stories: 'A story.',
    problems: 'A problem.',
    solutions: 'A solution.',
    comments: 'A comment or a reply.',
  },
);

@ObjectType({ description: 'How many people chose one reaction on an item.' })
export class ReactionCount {
  @Field(() => ReactionKindEnum, { description: 'The reaction.' }) reaction!: ReactionKind;
  @Field(() => Int, { description: 'How many people chose it; at least 1.' }) count!: number;
}

@ObjectType({ description: "An item's reactions after the viewer's change." })
export class ReactionState {
  @Field(() => ReactableItemTypeEnum, { description: 'The kind of item reacted to.' })
  itemType!: ReactableType;
  @Field(() => ID, { description: "The item's id." }) itemId!: string;
  @Field(() => ReactionKindEnum, {
    nullable: true,
    description: "The viewer's reaction; null after unreact.",
  })
  reaction!: ReactionKind | null;
  @Field(() => Int, { description: 'How many people reacted to the item, all kinds together.' })
  totalReactions!: number;
  @Field(() => [ReactionCount], { description: 'The kinds in use, in the picker’s order.' })
  counts!: ReactionCount[];
}

@ObjectType({ description: 'Someone who reacted to an item, for the reaction list dialog.' })
export class Reactor {
  @Field(() => AuthorType, { description: 'The person who reacted.' }) user!: AuthorType;
  @Field(() => ReactionKindEnum, { description: 'Their reaction.' }) reaction!: ReactionKind;
  @Field(() => Date, { description: 'When they chose this reaction.' }) createdAt!: Date;
}

export const ReactorPage = pageOf(Reactor);

@ObjectType({
  description: 'Something the viewer reacted to (/reactions): `post`, or `comment` for a comment.',
})
export class MyReaction {
  @Field(() => ReactableItemTypeEnum, { description: 'The kind of item reacted to.' })
  itemType!: ReactableType;
  @Field(() => ID, { description: "The item's id." }) itemId!: string;
  @Field(() => ReactionKindEnum, { description: "The viewer's reaction." }) reaction!: ReactionKind;
  @Field(() => Date, { description: 'When the viewer chose this reaction.' }) reactedAt!: Date;
  @Field(() => Post, { nullable: true, description: 'The post reacted to; null for a comment.' })
  post!: unknown;
  @Field(() => Story, {
    nullable: true,
    deprecationReason: 'Use post.',
    description: 'The story reacted to; null for other kinds.',
  })
  story!: unknown;
  @Field(() => Problem, {
    nullable: true,
    deprecationReason: 'Use post.',
    description: 'The problem reacted to; null for other kinds.',
  })
  problem!: unknown;
  @Field(() => Solution, {
    nullable: true,
    deprecationReason: 'Use post.',
    description: 'The solution reacted to; null for other kinds.',
  })
  solution!: unknown;
  @Field(() => CommentType, {
    nullable: true,
    description: 'The comment or reply reacted to; null for a post.',
  })
  comment!: unknown;
}

export const MyReactionPage = pageOf(MyReaction);
