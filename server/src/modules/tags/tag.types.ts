import { AUTOCOMPLETE_COLLECTIONS, TAG_MAX, TAG_SORTS } from '@rules';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';
import { ProblemStatusEnum } from '../problems/problem.enums';
import { RoleEnum } from '../users/role.enums';

export const TagSort = enumOf('TagSort', TAG_SORTS, 'Order of the tags of a space.', {
  followers: 'Most followers first.',
  problems: "Most of the space's problems first.",
  stories: "Most of the space's stories first.",
  recent: 'Most recently first used in the space first.',
});
export type TagSort = ValueOf<typeof TagSort>;

export const AutocompleteCollection = enumOf(
  'AutocompleteCollection',
  AUTOCOMPLETE_COLLECTIONS,
  'What the editor completes.',
  {
    tags: "Tags used in the active space, after '#'.",
    participants:
      "People by display name, after '@'; in a private space, its active participants only.",
  },
);
export type AutocompleteCollection = ValueOf<typeof AutocompleteCollection>;

@ObjectType({
  description:
    "A tag's numbers: content counts are the viewer's active space's; followers are global.",
})
export class TagCounters {
  @Field(() => Int, {
    description: 'Listed (published, approved) problems of the space carrying it.',
  })
  totalProblems!: number;
  @Field(() => Int, {
    description: 'Listed (published, approved) stories of the space carrying it.',
  })
  totalStories!: number;
  @Field(() => Int, {
    description: 'Listed (published, approved) solutions of the space carrying it.',
  })
  totalSolutions!: number;
  @Field(() => Int, { description: 'People following the tag, in every space.' })
  totalFollowers!: number;
}

@ObjectType({ description: 'A tag (the lower-cased hashtag text, without #).' })
export class Tag {
  @Field(() => ID, {
    description: `The tag: lower-cased, without #, letters, digits, - and _ (at most ${TAG_MAX}).`,
  })
  id!: string;
  @Field(() => String, { description: 'The tag as shown: the same text as id.' }) name!: string;
  @Field(() => String, { description: 'The tag as a page title: the same text as id.' })
  title!: string;
  @Field(() => String, {
    nullable: true,
    description: 'What the tag is about; null when it has no description.',
  })
  description!: string | null;
  @Field(() => Boolean, {
    description: 'Whether the viewer follows it (false signed out).',
  })
  following!: boolean;
  @Field(() => Date, {
    description: 'First used in the active space (else when the tag was registered).',
  })
  when!: Date;
  @Field(() => TagCounters, {
    description: "Its counts in the space asked about (the viewer's active one by default).",
  })
  counters!: TagCounters;
}

export const TagPage = pageOf(Tag);

@ObjectType({
  description: 'A problem or solution carrying a tag (tag pages, problem alerts).',
})
export class TaggedPost {
  @Field(() => ID, { description: "The problem's or solution's id." }) id!: string;
  @Field(() => String, { description: 'Its title.' }) name!: string;
  @Field(() => String, { description: 'Its description: rich text (sanitised HTML).' })
  description!: string;
  @Field(() => [String], { description: 'All its tags, lower-cased and without #.' })
  tags!: string[];
  @Field(() => ProblemStatusEnum, {
    nullable: true,
    description: "A problem's status; null for solutions.",
  })
  status!: string | null;
  @Field(() => AuthorType, { description: 'Anonymous for anonymous posts.' })
  author!: AuthorType;
  @Field(() => Date, { description: 'When it was posted.' }) createdAt!: Date;
}

export const TaggedPostPage = pageOf(TaggedPost);

export const TagProfilePage = pageOf(AuthorType, 'TagProfile');

@ObjectType({
  description: 'A suggestion: a tag (id = name = the tag) or a participant.',
})
export class AutocompleteItem {
  @Field(() => ID, { description: "The tag, or the participant's user id." }) id!: string;
  @Field(() => String, { description: "The tag, or the participant's display name." })
  name!: string;
  @Field(() => String, {
    nullable: true,
    description: "The participant's photo URL; null for tags and for people without one.",
  })
  photoURL!: string | null;
  @Field(() => RoleEnum, {
    nullable: true,
    description: "The participant's role (person or org); null for tags.",
  })
  role!: string | null;
}
