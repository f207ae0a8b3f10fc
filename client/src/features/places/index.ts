// The places feature's pieces for others (its routes are in routes.ts): `LocationPicker` (post
// dialogs), `PlaceBits` (the lists' Nearby switch, a card's distance, a location line) and
// `PlacesMap` (the maps' location view). MapLibre loads with the pages that show a map.
export { LocationPicker } from './LocationPicker';
export {
  DEFAULT_PLACE_FILTER,
  DistanceLabel,
  DistanceSwitch,
  LocationLine,
  needsPosition,
  usePositionChoice,
  type PlaceFilter,
} from './PlaceBits';
export { PlacesMap, type MapPost } from './PlacesMap';
