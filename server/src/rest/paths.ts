import type { Context } from '../context';
import type { Page } from '../db/keyset';
import { notFound } from '../errors';

/** What `/list/v2?path=…` passes a collection, in the spec's parameter names. */
export interface ListParams {
  spaceId?: string;
  orderBy?: string;
  lastDocumentID?: string;
  results?: number;
  authorId?: string;
  query?: string;
  /** Comma-separated tags a list is filtered by. */
  tags?: string;
  timeRange?: string;
  startDate?: string;
  endDate?: string;
}

export interface CollectionRoutes {
  list?(ctx: Context, params: ListParams, rest: string[]): Promise<Page<unknown>>;
  get?(ctx: Context, id: string, rest: string[]): Promise<unknown>;
  /** `POST /add` with `{ path, data, … }`: creates an item in this collection (body minus path). */
  create?(ctx: Context, body: Record<string, unknown>, rest: string[]): Promise<unknown>;
}

/**
 * `/get/v2?path=stories/{id}`, `/list/v2?path=stories` and `POST /add {path}` route by the path's
 * first segment to the feature that owns it; each feature registers its collection in its own
 * *.rest.ts. Nested paths (`problems/{id}/parts/{partId}`) reach the collection as `rest`.
 */
export class PathRouter {
  private readonly collections = new Map<string, CollectionRoutes>();

  register(collection: string, routes: CollectionRoutes) {
    this.collections.set(collection, routes);
  }

  /** The registered collections (the first segments `path` may name). */
  names(): string[] {
    return [...this.collections.keys()];
  }

  private split(path: string) {
    const [collection = '', ...rest] = path.split('/').filter(Boolean);
    const routes = this.collections.get(collection);
    return { routes, rest };
  }

  list(ctx: Context, path: string, params: ListParams) {
    const { routes, rest } = this.split(path);
    if (!routes?.list) throw notFound();
    return routes.list(ctx, params, rest);
  }

  create(ctx: Context, path: string, body: Record<string, unknown>) {
    const { routes, rest } = this.split(path);
    if (!routes?.create) throw notFound();
    return routes.create(ctx, body, rest);
  }

  get(ctx: Context, path: string) {
    const { routes, rest } = this.split(path);
    const [id, ...nested] = rest;
    if (!routes?.get || !id) throw notFound();
    return routes.get(ctx, id, nested);
  }
}
