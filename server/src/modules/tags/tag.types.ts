import { AUTOCOMPLETE_COLLECTIONS, TAG_SORTS } from '@rules';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';
import { AuthorType } from '../users/user.types';
import { pageOf } from '../../graphql/page';

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
  @Field(() => Int) totalProblems!: number;
  @Field(() => Int) totalStories!: number;
  @Field(() => Int) totalSolutions!: number;
  @Field(() => Int) totalFollowers!: number;
}

@ObjectType({ description: 'A tag (the lower-cased hashtag text, without #).' })
export class Tag {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) title!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Boolean, {
    description: 'Whether the viewer follows it (false signed out).',
  })
  following!: boolean;
  @Field(() => Date, {
    description: 'First used in the active space (else when the tag was registered).',
  })
  when!: Date;
  @Field(() => TagCounters) counters!: TagCounters;
}

export const TagPage = pageOf(Tag);

@ObjectType({
  description: 'A problem or solution carrying a tag (tag pages, problem alerts).',
})
export class TaggedPost {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { description: 'Rich text (sanitised HTML)' })
  description!: string;
  @Field(() => [String]) tags!: string[];
  @Field(() => String, { nullable: true, description: 'Problems only.' })
  status!: string | null;
  @Field(() => AuthorType) author!: AuthorType;
  @Field(() => Date) createdAt!: Date;
}

export const TaggedPostPage = pageOf(TaggedPost);

export const TagProfilePage = pageOf(AuthorType, 'TagProfile');

@ObjectType({
  description: 'A suggestion: a tag (id = name = the tag) or a participant.',
})
export class AutocompleteItem {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) photoURL!: string | null;
  @Field(() => String, { nullable: true }) role!: string | null;
}
