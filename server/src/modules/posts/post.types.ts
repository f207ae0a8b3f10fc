import { POST_TAGS_MAX } from '@rules';
import { Field, ID, InputType, InterfaceType } from 'type-graphql';
import { MediaInput, MediaItem } from '../media/media.types';
import { LocationInput } from '../places/location.types';
import { AuthorType } from '../users/user.types';
import type { PostType } from './post-path';

/** The GraphQL type of each post kind, by its REST collection. */
const POST_TYPE_NAMES: Record<PostType, string> = {
  stories: 'Story',
  problems: 'Problem',
  solutions: 'Solution',
  skills: 'Skill',
};

/** Where a row of a mixed list carries its kind (a symbol: it never shows as a field). */
const POST_TYPE = Symbol('postType');

/** A post row of a list that mixes kinds (bookmarks, reactions), marked with its kind for `Post`. */
export const asPost = <Row extends object>(type: PostType, row: Row) => ({
  ...row,
  [POST_TYPE]: POST_TYPE_NAMES[type],
});

/**
 * What every post kind shows, whatever its kind: Story, Problem, Solution and Skill implement it,
 * so a list that mixes kinds (and a client fragment `... on Post`) reads these fields once.
 */
/** Said on the interface and on each kind's resolver of it, which would otherwise drop it. */
export const POST_TEXT_DESCRIPTION =
  "The post's rich text (sanitised HTML), whatever its kind: a story's `story`, a problem's, solution's or skill's `description`.";

@InterfaceType({
  description: 'A story, problem, solution or skill: what every post kind shows.',
  resolveType: (post: { [POST_TYPE]?: string }) => post[POST_TYPE],
  // Each kind is reached from Query anyway; registering them up front would only move them to
  // the top of schema.graphql.
  autoRegisterImplementations: false,
})
export abstract class Post {
  @Field(() => ID, { description: "The post's id." }) id!: string;
  @Field(() => String, { description: POST_TEXT_DESCRIPTION }) text!: string;
  @Field(() => [String], {
    description: `The tags its #hashtags name: lower-cased, without '#', in order of first use (at most ${POST_TAGS_MAX}).`,
  })
  tags!: string[];
  @Field(() => ID, { description: 'The space it was posted in.' }) spaceId!: string;
  @Field(() => Boolean, {
    description: 'Posted as Anonymous: others see an anonymous author.',
  })
  isAnonymousPost!: boolean;
  @Field(() => Boolean, {
    description: 'False while an anonymous post waits for approval.',
  })
  isApproved!: boolean;
  @Field(() => Boolean, {
    description: 'Hidden by a moderator: only its author (and moderators) still see it.',
  })
  isHidden!: boolean;
  @Field(() => [MediaItem], { description: 'Attachments in the order shown.' })
  files!: MediaItem[];
  @Field(() => Date, { description: 'When it was posted.' }) createdAt!: Date;
  @Field(() => AuthorType, { description: 'Anonymous for anonymous posts.' })
  author!: AuthorType;
  @Field(() => Boolean, {
    description: 'Whether the viewer may edit and delete it (the author only).',
  })
  canEdit!: boolean;
  @Field(() => Boolean, { description: 'Whether the viewer bookmarked it.' })
  bookmarked!: boolean;
}

/**
 * What the create and edit inputs of every post kind take besides their own fields; the kinds'
 * input types extend it (skills) or DraftablePostInput (stories, problems, solutions).
 */
@InputType({ description: 'What every post kind takes when created or edited.' })
export abstract class PostInput {
  @Field(() => Boolean, {
    nullable: true,
    description:
      "Post as Anonymous (false on create when omitted); an anonymous post waits for a moderator's approval.",
  })
  isAnonymousPost?: boolean;
  @Field(() => [MediaInput], {
    nullable: true,
    description:
      'Attachments in the order shown (at most 5); omitted: none on create, unchanged on edit.',
  })
  files?: MediaInput[] | null;
}

/** PostInput of a kind with drafts and a place. */
@InputType({ description: 'What post kinds with drafts and a place take when created or edited.' })
export abstract class DraftablePostInput extends PostInput {
  @Field(() => Boolean, {
    nullable: true,
    description:
      'Keep it as a draft that only its author sees (false on create when omitted); false publishes it.',
  })
  isDraft?: boolean;
  @Field(() => LocationInput, {
    nullable: true,
    description: 'Its place; omitted: none on create, unchanged on edit; null clears it.',
  })
  location?: LocationInput | null;
}
