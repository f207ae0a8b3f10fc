import { COMMENTABLE_TYPES, COMMENT_MENTIONS_MAX, COMMENT_SORTS, COMMENT_TEXT_MAX } from '@rules';
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

const COMMENT_TEXT = `Rich text (HTML, sanitised on the server): not blank, at most ${COMMENT_TEXT_MAX} characters of text and ${COMMENT_MENTIONS_MAX} @mentions.`;

@ObjectType({ description: "A comment's stored counts." })
export class CommentCounters {
  @Field(() => Int, { description: 'Its replies that are not hidden (0 for a reply).' })
  totalReplies!: number;
  @Field(() => Int, { description: 'Reactions people gave it.' }) totalReactions!: number;
}

@ObjectType('Comment', {
  description:
    'A comment on a post, or a reply (parentId set) under one. Rich text is sanitised on the server.',
})
export class CommentType {
  @Field(() => ID, { description: 'Identifies the comment or reply.' }) id!: string;
  @Field(() => String, {
    name: 'commentHTML',
    description: `Rich text (sanitised HTML), at most ${COMMENT_TEXT_MAX} characters of text.`,
  })
  commentHtml!: string;
  @Field(() => [String], { description: 'The hashtags in its text, lower-cased and without #.' })
  tags!: string[];
  @Field(() => [ID], {
    description: `User ids of the people it @mentions (at most ${COMMENT_MENTIONS_MAX}).`,
  })
  mentions!: string[];
  @Field(() => CommentableType, { description: 'The kind of post it is on.' })
  itemType!: CommentableType;
  @Field(() => ID, { description: 'The id of the post it is on.' }) itemId!: string;
  @Field(() => ID, { nullable: true, description: 'The comment this replies to.' })
  parentId!: string | null;
  @Field(() => Boolean, {
    description: 'Hidden by a moderator: only its author (and moderators) still see it.',
  })
  isHidden!: boolean;
  @Field(() => Date, { description: 'When it was posted.' }) createdAt!: Date;
  @Field(() => Date, { description: 'When it was last edited; when it was posted if never.' })
  updatedAt!: Date;
}

export const CommentPage = pageOf(CommentType, 'Comment');

@ObjectType({ description: 'What changed in a thread, as it arrives live.' })
export class CommentChange {
  @Field(() => CommentChangeKind, { description: 'Whether it was added, updated or removed.' })
  change!: CommentChangeKind;
  @Field(() => ID, { description: "The comment's or reply's id, removed ones included." })
  commentId!: string;
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

@InputType({ description: 'A new comment on a post, or a reply under one of its comments.' })
export class AddCommentInput {
  @Field(() => CommentableType, { description: 'The kind of post to comment on.' })
  itemType!: CommentableType;
  @Field(() => ID, { description: "The post's id." }) itemId!: string;
  @Field(() => ID, {
    nullable: true,
    description:
      'Reply to this comment of the same post (a reply to a reply goes under its comment).',
  })
  parentId?: string | null;
  @Field(() => String, { description: COMMENT_TEXT }) commentHTML!: string;
}
