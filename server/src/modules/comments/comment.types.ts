import { COMMENTABLE_TYPES, COMMENT_SORTS } from '@rules';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { pageOf } from '../../graphql/page';

export const CommentableType = enumOf(
  'CommentableType',
  COMMENTABLE_TYPES,
  'The kind of post a comment thread is on (its REST collection).',
  {
    stories: 'A story.',
    problems: 'A problem.',
    solutions: 'A solution.',
    skills: 'A skill.',
  },
);
export type CommentableType = ValueOf<typeof CommentableType>;

export const CommentSort = enumOf(
  'CommentSort',
  COMMENT_SORTS,
  "Order of a thread's top-level comments.",
  {
    recent: 'Newest first.',
    top: 'Most reactions and replies first.',
  },
);
export type CommentSort = ValueOf<typeof CommentSort>;

export const CommentChangeKind = enumOf(
  'CommentChangeKind',
  ['added', 'updated', 'removed'],
  'What happened to a comment or a reply in a thread.',
  {
    added: 'It was posted.',
    updated: 'Its author edited it.',
    removed: 'It was deleted; the change carries no comment.',
  },
);
export type CommentChangeKind = ValueOf<typeof CommentChangeKind>;

@ObjectType()
export class CommentCounters {
  @Field(() => Int) totalReplies!: number;
  @Field(() => Int) totalReactions!: number;
}

@ObjectType('Comment', {
  description:
    'A comment on a post, or a reply (parentId set) under one. Rich text is sanitised on the server.',
})
export class CommentType {
  @Field(() => ID) id!: string;
  @Field(() => String, { name: 'commentHTML', description: 'Rich text (sanitised HTML)' })
  commentHtml!: string;
  @Field(() => [String]) tags!: string[];
  @Field(() => [ID], { description: 'Ids of the people @mentioned.' })
  mentions!: string[];
  @Field(() => CommentableType) itemType!: CommentableType;
  @Field(() => ID) itemId!: string;
  @Field(() => ID, { nullable: true, description: 'The comment this replies to.' })
  parentId!: string | null;
  @Field(() => Boolean, {
    description: 'Hidden by a moderator: only its author (and moderators) still see it.',
  })
  isHidden!: boolean;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const CommentPage = pageOf(CommentType, 'Comment');

@ObjectType({ description: 'What changed in a thread, as it arrives live.' })
export class CommentChange {
  @Field(() => CommentChangeKind) change!: CommentChangeKind;
  @Field(() => ID) commentId!: string;
  @Field(() => ID, { nullable: true, description: 'Set for a reply: the comment it is under.' })
  parentId!: string | null;
  @Field(() => CommentType, { nullable: true, description: 'The comment; null when removed.' })
  comment!: CommentType | null;
  @Field(() => Int, {
    nullable: true,
    description: "The post's comment count after the change (null for skills, which keep none).",
  })
  totalComments!: number | null;
  @Field(() => Int, {
    nullable: true,
    description: "For a reply: its comment's reply count after the change.",
  })
  parentTotalReplies!: number | null;
}

@InputType()
export class AddCommentInput {
  @Field(() => CommentableType) itemType!: CommentableType;
  @Field(() => ID) itemId!: string;
  @Field(() => ID, {
    nullable: true,
    description:
      'Reply to this comment of the same post (a reply to a reply goes under its comment).',
  })
  parentId?: string | null;
  @Field(() => String) commentHTML!: string;
}
