import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Problem } from '../problems/problem.types';
import { Space } from '../spaces/space.types';
import { pageOf } from '../../graphql/page';

@ObjectType({
  description:
    "A person's public counters; the post totals count only what the viewer may read, never anonymous posts.",
})
export class PersonCounters {
  @Field(() => Int) totalFollowers!: number;
  @Field(() => Int) totalFollowing!: number;
  @Field(() => Int) totalStories!: number;
  @Field(() => Int) totalProblems!: number;
  @Field(() => Int) totalSolutions!: number;
  @Field(() => Int) totalSkills!: number;
}

@ObjectType({
  description:
    'A person or organisation as anyone may see them (the profile); photoURL, counters and following are resolved per viewer.',
})
export class Person {
  @Field(() => ID) id!: string;
  @Field(() => String) displayName!: string;
  @Field(() => String, { description: 'person or org' }) role!: string;
  @Field(() => String, { nullable: true }) bio!: string | null;
  @Field(() => [String]) profileTags!: string[];
  @Field(() => Date) createdAt!: Date;
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
