// The spaces feature's pieces for others (its routes are in routes.ts): a space's card and name,
// who may read it, and entering or acting on it.
export { canReadSpace } from './spaceAccess';
export { SpaceCard } from './SpaceCard';
export { countryName, useSpaceName, useStatusLabel } from './spaceDisplay';
export { useChangeSpace } from './useChangeSpace';
export { useSpaceActions } from './useSpaceActions';
export { RequestAccessPanel } from './RequestAccessPanel';
