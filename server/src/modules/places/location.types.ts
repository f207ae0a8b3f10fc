import { Field, Float, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: "A post's place (000 §3 location)." })
export class Location {
  @Field(() => Float) lat!: number;
  @Field(() => Float) lng!: number;
  @Field(() => String, { nullable: true }) formattedLocation!: string | null;
  @Field(() => [String]) locationTags!: string[];
  @Field(() => String, { description: 'Geohash of lat and lng (made by the server).' })
  hash!: string;
}

@InputType({ description: 'A place to attach to a story, problem or solution.' })
export class LocationInput {
  @Field(() => Float) lat!: number;
  @Field(() => Float) lng!: number;
  @Field(() => String, { nullable: true }) formattedLocation?: string | null;
  @Field(() => [String], { nullable: true }) locationTags?: string[] | null;
}

@InputType({ description: "The viewer's position, for the location sort and the nearby filter." })
export class PositionInput {
  @Field(() => Float) lat!: number;
  @Field(() => Float) lng!: number;
}

@ObjectType({ description: 'A place found by search (gazetteer or geocoder).' })
export class Place {
  @Field(() => String) formattedLocation!: string;
  @Field(() => Float) lat!: number;
  @Field(() => Float) lng!: number;
  @Field(() => String, { nullable: true }) countryCode!: string | null;
  @Field(() => [String]) locationTags!: string[];
}
