import type { LocationInput } from '@rules';
import type { DemoProblem, DemoSolution, DemoStory, PersonKey, ProblemKey } from './demo-community';

/**
 * Where the demo community's posts happen, so the location sort, the nearby filter and the
 * /location map have real places to show: each problem where it is, each story where its author
 * lives (or at its problem), each solution at its problem. Anonymous stories carry no place: a
 * home town would give their author away.
 */
const place = (
  lat: number,
  lng: number,
  formattedLocation: string,
  locationTags: string[],
): LocationInput => ({ lat, lng, formattedLocation, locationTags });

const HYDERABAD = place(17.385, 78.4867, 'Hyderabad, Telangana, India', [
  'Hyderabad',
  'Telangana',
  'India',
]);
const RAMANTHAPUR = place(17.399, 78.54, 'Ramanthapur, Hyderabad, India', [
  'Ramanthapur',
  'Hyderabad',
  'Telangana',
  'India',
]);
const GUNTUR = place(16.3067, 80.4365, 'Guntur, Andhra Pradesh, India', [
  'Guntur',
  'Andhra Pradesh',
  'India',
]);
const VIJAYAWADA = place(16.5062, 80.648, 'Vijayawada, Andhra Pradesh, India', [
  'Vijayawada',
  'Andhra Pradesh',
  'India',
]);
const CHENNAI = place(13.0827, 80.2707, 'Chennai, Tamil Nadu, India', [
  'Chennai',
  'Tamil Nadu',
  'India',
]);
const BENGALURU = place(12.9716, 77.5946, 'Bengaluru, Karnataka, India', [
  'Bengaluru',
  'Karnataka',
  'India',
]);
const KISUMU = place(-0.0917, 34.768, 'Kisumu, Kenya', ['Kisumu', 'Kenya']);
const NYALENDA = place(-0.11, 34.77, 'Nyalenda, Kisumu, Kenya', ['Nyalenda', 'Kisumu', 'Kenya']);
const NAIROBI = place(-1.2921, 36.8219, 'Nairobi, Kenya', ['Nairobi', 'Kenya']);
const SAO_PAULO = place(-23.5505, -46.6333, 'São Paulo, Brazil', ['São Paulo', 'Brazil']);

const HOMES: Record<PersonKey, LocationInput> = {
  asha: HYDERABAD,
  ravi: RAMANTHAPUR,
  lakshmi: GUNTUR,
  amina: KISUMU,
  daniel: KISUMU,
  maria: SAO_PAULO,
  tom: NAIROBI,
  priya: BENGALURU,
  cleanstreets: CHENNAI,
  kiran: BENGALURU,
  meera: HYDERABAD,
};

const PROBLEM_PLACES: Record<ProblemKey, LocationInput> = {
  drains: CHENNAI,
  clinics: VIJAYAWADA,
  busRoute: BENGALURU,
  handPump: NYALENDA,
  streetLights: NAIROBI,
  potholes: RAMANTHAPUR,
  tapWater: HYDERABAD,
  marketWaste: KISUMU,
  crossing: BENGALURU,
};

/**
 * A few hundred metres off the place, different for each post, so pins of one town do not sit
 * exactly on top of each other on the map.
 */
function around(spot: LocationInput, index: number): LocationInput {
  const angle = index * 2.4;
  const offset = 0.004 * (1 + (index % 3));
  return {
    ...spot,
    lat: spot.lat + offset * Math.sin(angle),
    lng: spot.lng + offset * Math.cos(angle),
  };
}

export const demoProblemLocation = (problem: DemoProblem) => PROBLEM_PLACES[problem.key];

export const demoSolutionLocation = (solution: DemoSolution, index: number) =>
  solution.problem ? around(PROBLEM_PLACES[solution.problem], index + 1) : null;

export function demoStoryLocation(story: DemoStory, index: number) {
  if (story.isAnonymousPost) return null;
  return around('problem' in story ? PROBLEM_PLACES[story.problem] : HOMES[story.by], index + 1);
}
