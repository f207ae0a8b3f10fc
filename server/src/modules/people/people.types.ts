import { BIO_MAX, DISPLAY_NAME_MAX, PROFILE_TAGS_MAX } from '@rules';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Problem } from '../problems/problem.types';
import { Space } from '../spaces/space.types';
import { pageOf } from '../../graphql/page';
import { RoleEnum } from '../users/role.enums';

@ObjectType({
  description:
    "A person's public counters; the post totals count only what the viewer may read, never anonymous posts.",
})
export class PersonCounters {
  @Field(() => Int, { description: 'People who follow them.' }) totalFollowers!: number;
  @Field(() => Int, { description: 'People they follow.' }) totalFollowing!: number;
  @Field(() => Int, { description: 'Their named stories the viewer may read.' })
  totalStories!: number;
  @Field(() => Int, { description: 'Their named problems the viewer may read.' })
  totalProblems!: number;
  @Field(() => Int, { description: 'Their named solutions the viewer may read.' })
  totalSolutions!: number;
  @Field(() => Int, { description: 'Their named skills the viewer may read.' })
  totalSkills!: number;
}

@ObjectType({
  description:
    'A person or organisation as anyone may see them (the profile); photoURL, counters and following are resolved per viewer.',
})
export class Person {
  @Field(() => ID, { description: "The person's user id." }) id!: string;
  @Field(() => String, {
    description: `The name shown, at most ${DISPLAY_NAME_MAX} characters.`,
  })
  displayName!: string;
  @Field(() => RoleEnum, {
    description: 'The account role: person (an individual) or org (an organisation).',
  })
  role!: string;
  @Field(() => String, {
    nullable: true,
    description: `What they say about themselves, at most ${BIO_MAX} characters; null when unset.`,
  })
  bio!: string | null;
  @Field(() => [String], {
    description: `Their profile tags (at most ${PROFILE_TAGS_MAX}), lower-cased and without #.`,
  })
  profileTags!: string[];
  @Field(() => Date, { description: 'When the account was made.' }) createdAt!: Date;
}

export const PersonPage = pageOf(Person);

@ObjectType({ description: 'What the viewer and a person share (the Common tab).' })
export class Common {
  @Field(() => [Space], { description: 'Spaces both are active participants of.' })
  spaces!: Space[];
  @Field(() => [String], { description: 'Tags both follow or both have as profile tags.' })
  tags!: string[];
  @Field(() => [Problem], { description: 'Problems both joined.' })
  problems!: Problem[];
}
