import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';

// Filled in by the solutions work of the content-core issue.
export function mountSolutionRest(_router: Router, _paths: PathRouter) {}
