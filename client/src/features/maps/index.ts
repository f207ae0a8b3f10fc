// The maps feature's pieces for others (its routes are in routes.ts): a problem's recipes tab and
// a map's address. The graph editor (React Flow, three.js) stays a chunk of its own.
export { mapPath } from './mapPaths';
export { RecipesTab } from './RecipesTab';
