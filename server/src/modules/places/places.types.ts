import { DISTANCE_FILTERS, NEARBY_RADIUS_KM } from '@rules';
import { Field, Float, ID, ObjectType } from 'type-graphql';
import { enumOf, type ValueOf } from '../../graphql/enum';

export const DistanceFilter = enumOf(
  'DistanceFilter',
  DISTANCE_FILTERS,
  "Whether a list keeps only the items near the viewer's position.",
  {
    nearby: `Only items within ${NEARBY_RADIUS_KM} km of the given position; needs a position.`,
    all: 'Items at any distance, and items without a place.',
  },
);
export type DistanceFilter = ValueOf<typeof DistanceFilter>;

@ObjectType({ description: 'A located story, problem or solution, as the /location map shows it.' })
export class LocatedPost {
  @Field(() => String, { description: 'The kind of post: story, problem or solution.' })
  postType!: 'story' | 'problem' | 'solution';
  @Field(() => ID, { description: "The post's id." }) postId!: string;
  @Field(() => String, { description: "A problem's or solution's name; a story's opening words." })
  title!: string;
  @Field(() => Float, { description: 'Latitude in degrees.' }) lat!: number;
  @Field(() => Float, { description: 'Longitude in degrees.' }) lng!: number;
  @Field(() => String, {
    nullable: true,
    description: 'The address as people read it; null when none was given.',
  })
  formattedLocation!: string | null;
}
