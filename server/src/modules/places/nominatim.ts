import type { Log } from '../../log';
import { gazetteer } from './gazetteer';
import { countryName, type Geocoder } from './geocoder';
import type { Place } from './location.types';

/** A geocoder slower than this is given up on for the gazetteer: the picker waits on it. */
const TIMEOUT_MS = 3000;
/** Nominatim's usage policy asks every client to name itself. */
const USER_AGENT = 'Bumps/1.0 (place search)';

/** The fields of a Nominatim `format=jsonv2` result this server reads. */
interface NominatimResult {
  lat: string;
  lon: string;
  name?: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

/** The address parts that become a place's tags, most local first. */
const TAG_PARTS = ['city', 'town', 'village', 'suburb', 'county', 'state', 'country'];

function placeOf(result: NominatimResult): Place | null {
  const lat = Number(result.lat);
  const lng = Number(result.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const address = result.address ?? {};
  const code = address.country_code?.toLowerCase() ?? null;
  const tags = [result.name, ...TAG_PARTS.map((part) => address[part])].filter(
    (tag): tag is string => Boolean(tag),
  );
  return {
    formattedLocation:
      result.display_name ?? [result.name, code && countryName(code)].filter(Boolean).join(', '),
    lat,
    lng,
    countryCode: code,
    locationTags: [...new Set(tags)],
  };
}

/**
 * A Nominatim-compatible service at `baseUrl` (`/search`, `/reverse`, format jsonv2). When it
 * fails, answers an error or takes longer than TIMEOUT_MS, the offline gazetteer answers instead:
 * the location picker keeps working whatever the service does.
 */
export function nominatim(baseUrl: string, log: Log): Geocoder {
  const base = baseUrl.replace(/\/+$/u, '');

  async function request(path: string, params: Record<string, string>): Promise<unknown> {
    const url = `${base}/${path}?${new URLSearchParams({ format: 'jsonv2', addressdetails: '1', ...params })}`;
    const response = await fetch(url, {
      headers: { 'User-Agent': USER_AGENT, Accept: 'application/json', 'Accept-Language': 'en' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    return response.json();
  }

  const fallback = (what: string, error: unknown) =>
    log.warn({ err: error, geocoder: base }, `geocoder ${what} failed; the gazetteer answers`);

  return {
    async search(query, countryCode, limit) {
      try {
        const results = await request('search', {
          q: query,
          limit: String(limit),
          ...(countryCode && { countrycodes: countryCode.toLowerCase() }),
        });
        if (!Array.isArray(results)) throw new Error('geocoder answered no list');
        return (results as NominatimResult[])
          .map(placeOf)
          .filter((place): place is Place => place !== null);
      } catch (error) {
        fallback('search', error);
        return gazetteer.search(query, countryCode, limit);
      }
    },

    async reverse(lat, lng) {
      try {
        const result = (await request('reverse', { lat: String(lat), lon: String(lng) })) as
          NominatimResult | { error: string };
        // Nominatim answers { error: 'Unable to geocode' } for the open sea.
        return 'error' in result ? null : placeOf(result);
      } catch (error) {
        fallback('reverse', error);
        return gazetteer.reverse(lat, lng);
      }
    },
  };
}
