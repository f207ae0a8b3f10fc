import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';

// Filled in by the skills work of the content-core issue.
export function mountSkillRest(_router: Router, _paths: PathRouter) {}
