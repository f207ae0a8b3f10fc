import { DISTANCE_FILTERS, NEARBY_RADIUS_KM } from '@rules';
import { Field, Float, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum DistanceFilter {
  nearby = 'nearby',
  all = 'all',
}
registerEnumType(DistanceFilter, {
  name: 'DistanceFilter',
  description: `${DISTANCE_FILTERS.join(' or ')}: nearby keeps items within ${NEARBY_RADIUS_KM} km of the given position.`,
});

@ObjectType({ description: 'A located story, problem or solution, as the /location map shows it.' })
export class LocatedPost {
  @Field(() => String, { description: 'story, problem or solution.' })
  postType!: 'story' | 'problem' | 'solution';
  @Field(() => ID) postId!: string;
  @Field(() => String, { description: "A problem's or solution's name; a story's opening words." })
  title!: string;
  @Field(() => Float) lat!: number;
  @Field(() => Float) lng!: number;
  @Field(() => String, { nullable: true }) formattedLocation!: string | null;
}
