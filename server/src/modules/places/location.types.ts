import { Field, Float, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: "A post's place (000 §3 location)." })
export class Location {
  @Field(() => Float, { description: 'Latitude in degrees, -90 to 90.' }) lat!: number;
  @Field(() => Float, { description: 'Longitude in degrees, -180 to 180.' }) lng!: number;
  @Field(() => String, {
    nullable: true,
    description: 'The address as people read it; null when none was given.',
  })
  formattedLocation!: string | null;
  @Field(() => [String], {
    description: 'Names of the place (town, region, country) to find it by.',
  })
  locationTags!: string[];
  @Field(() => String, { description: 'Geohash of lat and lng (made by the server).' })
  hash!: string;
}

@InputType({ description: 'A place to attach to a story, problem or solution.' })
export class LocationInput {
  @Field(() => Float, { description: 'Latitude in degrees, -90 to 90.' }) lat!: number;
  @Field(() => Float, { description: 'Longitude in degrees, -180 to 180.' }) lng!: number;
  @Field(() => String, {
    nullable: true,
    description: 'The address as people read it, usually a found Place.formattedLocation.',
  })
  formattedLocation?: string | null;
  @Field(() => [String], {
    nullable: true,
    description: 'Names of the place (town, region, country), usually a found Place.locationTags.',
  })
  locationTags?: string[] | null;
}

@InputType({ description: "The viewer's position, for the location sort and the nearby filter." })
export class PositionInput {
  @Field(() => Float, { description: 'Latitude in degrees, -90 to 90.' }) lat!: number;
  @Field(() => Float, { description: 'Longitude in degrees, -180 to 180.' }) lng!: number;
}

@ObjectType({ description: 'A place found by search (gazetteer or geocoder).' })
export class Place {
  @Field(() => String, { description: 'The address as people read it.' })
  formattedLocation!: string;
  @Field(() => Float, { description: 'Latitude in degrees, -90 to 90.' }) lat!: number;
  @Field(() => Float, { description: 'Longitude in degrees, -180 to 180.' }) lng!: number;
  @Field(() => String, {
    nullable: true,
    description: "Its country's ISO 3166 alpha-2 code; null when unknown.",
  })
  countryCode!: string | null;
  @Field(() => [String], { description: 'Names of the place (town, region, country).' })
  locationTags!: string[];
}
