import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';

// Filled in by the problems work of the content-core issue.
export function mountProblemRest(_router: Router, _paths: PathRouter) {}
