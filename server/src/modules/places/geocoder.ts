import type { Place } from './location.types';

/** Finds places by name and names a position: the offline gazetteer or a Nominatim service. */
export interface Geocoder {
  /** Places matching the text, best first; only in `countryCode` (ISO alpha-2) when given. */
  search(query: string, countryCode: string | null, limit: number): Promise<Place[]>;
  /** The place at or nearest a position, or null when nothing is near. */
  reverse(lat: number, lng: number): Promise<Place | null>;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name from its ISO code ('in' → 'India'); the code when unknown. */
export function countryName(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
