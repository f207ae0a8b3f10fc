import { ITEM_PATH_MAX } from '@rules';
import type { Context } from '../context';
import type { RestPage } from './shell';
import { CONTENT_ACCESS, requireScope, type Access, type ReadWriteAccess } from '../auth/scopes';
import { routeNotFound } from '../errors';

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
  /** The viewer's position (the location sort and the nearby filter of stories and problems). */
  lat?: string;
  lng?: string;
  /** 'nearby' or 'all'. */
  distance?: string;
}

export interface CollectionRoutes {
  /** `/list/v2?path={collection}` */
  list?(ctx: Context, params: ListParams): Promise<RestPage<unknown>>;
  /** `/get/v2?path={collection}/{id}` */
  get?(ctx: Context, id: string): Promise<unknown>;
  /** `POST /add` with `{ path: collection, data, … }`: creates an item (body minus path). */
  create?(ctx: Context, body: Record<string, unknown>): Promise<unknown>;
}

/** The `:name` segments of a nested path, by name: `problems/:id/parts` gives `{ id }`. */
export type PathParams = Record<string, string>;
type NestedList = (
  ctx: Context,
  params: ListParams,
  path: PathParams,
) => Promise<RestPage<unknown>>;
type NestedGet = (ctx: Context, path: PathParams) => Promise<unknown>;

interface Nested<Handler> {
  segments: string[];
  handler: Handler;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** A requested path's segments; one longer than any this server routes is not even split. */
function requestedSegments(path: string) {
  if (path.length > ITEM_PATH_MAX) throw routeNotFound();
  return segmentsOf(path);
}

/** `handler`, refusing first a token that lacks `access`. */
const guarded =
  <Rest extends unknown[], Result>(
    access: Access,
    handler: (ctx: Context, ...rest: Rest) => Result,
  ) =>
  (ctx: Context, ...rest: Rest): Result => {
    requireScope(ctx.scopes, access);
    return handler(ctx, ...rest);
  };

/** The handler whose pattern has the path's shape, with its `:name` segments bound. */
function match<Handler>(routes: Nested<Handler>[], segments: string[]) {
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params: PathParams = {};
    const fits = route.segments.every((part, index) => {
      const segment = segments[index]!;
      if (part.startsWith(':')) params[part.slice(1)] = segment;
      return part.startsWith(':') || part === segment;
    });
    if (fits) return { handler: route.handler, params };
  }
  return null;
}

/**
 * `/get/v2?path=stories/{id}`, `/list/v2?path=stories` and `POST /add {path}` route by the path to
 * the feature that owns it; each feature registers its collection in its own *.rest.ts, and any
 * path below an item (`problems/{id}/parts`) by its pattern. A path of any other shape answers 404,
 * so a client asking for something the server does not serve is told so instead of receiving a
 * different list.
 */
export class PathRouter {
  private readonly collections = new Map<string, CollectionRoutes>();
  private readonly nestedLists: Nested<NestedList>[] = [];
  private readonly nestedGets: Nested<NestedGet>[] = [];
  /** The token access of what is being registered now (see `withAccess`). */
  private access: ReadWriteAccess = CONTENT_ACCESS;

  /**
   * Registers what `mount` adds under `access`: a token calling those paths needs its read scope
   * to list and get, its write scope to add (auth/scopes.ts).
   */
  withAccess(access: ReadWriteAccess, mount: () => void) {
    const outer = this.access;
    this.access = access;
    try {
      mount();
    } finally {
      this.access = outer;
    }
  }

  register(collection: string, routes: CollectionRoutes) {
    const { read, write } = this.access;
    this.collections.set(collection, {
      list: routes.list && guarded(read, routes.list),
      get: routes.get && guarded(read, routes.get),
      create: routes.create && guarded(write, routes.create),
    });
  }

  /** A list below an item, e.g. `problems/:id/parts`. */
  registerList(pattern: string, handler: NestedList) {
    this.nestedLists.push({
      segments: segmentsOf(pattern),
      handler: guarded(this.access.read, handler),
    });
  }

  /** An item below an item, e.g. `problems/:id/parts/:partId`. */
  registerGet(pattern: string, handler: NestedGet) {
    this.nestedGets.push({
      segments: segmentsOf(pattern),
      handler: guarded(this.access.read, handler),
    });
  }

  /** The registered collections (the first segments `path` may name). */
  names(): string[] {
    return [...this.collections.keys()];
  }

  list(ctx: Context, path: string, params: ListParams) {
    const segments = requestedSegments(path);
    if (segments.length === 1) {
      const list = this.collections.get(segments[0]!)?.list;
      if (!list) throw routeNotFound();
      return list(ctx, params);
    }
    const nested = match(this.nestedLists, segments);
    if (!nested) throw routeNotFound();
    return nested.handler(ctx, params, nested.params);
  }

  create(ctx: Context, path: string, body: Record<string, unknown>) {
    const segments = requestedSegments(path);
    const create = segments.length === 1 ? this.collections.get(segments[0]!)?.create : undefined;
    if (!create) throw routeNotFound();
    return create(ctx, body);
  }

  get(ctx: Context, path: string) {
    const segments = requestedSegments(path);
    if (segments.length === 2) {
      const get = this.collections.get(segments[0]!)?.get;
      if (!get) throw routeNotFound();
      return get(ctx, segments[1]!);
    }
    const nested = match(this.nestedGets, segments);
    if (!nested) throw routeNotFound();
    return nested.handler(ctx, nested.params);
  }
}
