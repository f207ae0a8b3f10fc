import type { RequestHandler, Router } from 'express';
import { requireScope, type Access, type ReadWriteAccess } from '../auth/scopes';
import { contextOf } from './shell';

const ROW_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * `router` as a module mounts its rows on it: each row first refuses a token without the access
 * its method needs (GET reads; POST, PUT, PATCH and DELETE write). A session passes.
 */
export function withAccess(router: Router, access: ReadWriteAccess): Router {
  const guard =
    (need: Access): RequestHandler =>
    (_req, res, next) => {
      requireScope(contextOf(res).scopes, need);
      next();
    };
  return new Proxy(router, {
    get(target, property, receiver) {
      if (typeof property !== 'string' || !ROW_METHODS.has(property))
        return Reflect.get(target, property, receiver) as unknown;
      const addRow = Reflect.get(target, property, receiver) as (...args: unknown[]) => Router;
      const need = property === 'get' ? access.read : access.write;
      return (path: unknown, ...handlers: unknown[]) =>
        addRow.call(target, path, guard(need), ...handlers);
    },
  });
}
