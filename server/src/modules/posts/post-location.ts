import { locationInputSchema, type LocationInput } from '@rules';
import ngeohash from 'ngeohash';

/** 9 characters: a cell of about 5 m, finer than any place a person picks on a map. */
const GEOHASH_PRECISION = 9;

/**
 * A post's location as create and edit inputs take it: absent leaves it as it is (none on create),
 * null clears it, a LocationInput sets it.
 */
export const postLocationSchema = locationInputSchema.nullish();

/** The location columns every located post kind (stories, problems, solutions) shares. */
export interface LocationColumns {
  lat: number | null;
  lng: number | null;
  formattedLocation: string | null;
  locationTags: string[];
  geohash: string | null;
}

const NO_LOCATION: LocationColumns = {
  lat: null,
  lng: null,
  formattedLocation: null,
  locationTags: [],
  geohash: null,
};

/** The column values of a parsed location (null clears them); the geohash is the server's. */
export function locationColumnsOf(location: LocationInput | null): LocationColumns {
  if (!location) return NO_LOCATION;
  return {
    lat: location.lat,
    lng: location.lng,
    formattedLocation: location.formattedLocation || null,
    locationTags: location.locationTags ?? [],
    geohash: ngeohash.encode(location.lat, location.lng, GEOHASH_PRECISION),
  };
}

/**
 * The columns an edit writes: none when `location` was left out (the post keeps its place), else
 * the new place or, for null, none.
 */
export const locationEdit = (location: LocationInput | null | undefined) =>
  location === undefined ? {} : locationColumnsOf(location);

/** A post's location as GraphQL (`Location`) and REST show it; null when it has none. */
export function presentLocation(post: LocationColumns) {
  if (post.lat === null || post.lng === null) return null;
  return {
    lat: post.lat,
    lng: post.lng,
    formattedLocation: post.formattedLocation,
    locationTags: post.locationTags,
    hash: post.geohash ?? ngeohash.encode(post.lat, post.lng, GEOHASH_PRECISION),
  };
}
