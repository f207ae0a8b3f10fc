import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';

// Filled in by the tags work of the content-core issue.
export function mountTagRest(_router: Router, _paths: PathRouter) {}
