import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';

// Filled in by the dashboard work of the content-core issue.
export function mountDashboardRest(_router: Router, _paths: PathRouter) {}
