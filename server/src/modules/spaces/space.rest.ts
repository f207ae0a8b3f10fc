import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';

// Filled in by the spaces work of the content-core issue.
export function mountSpaceRest(_router: Router, _paths: PathRouter) {}
