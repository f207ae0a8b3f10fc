import type { Router } from 'express';
import type { Context } from '../context';
import type { Page } from '../db/keyset';
import type { ListParams, PathRouter } from './paths';
import { activeSpaceId, bodyData, bodyFields, contextOf, fieldsOf, ok, presentPage } from './shell';

type Fields = Record<string, unknown>;

/** The page a list asks for, from the spec's parameter names. */
export const restPageOf = (params: ListParams) => ({
  spaceId: params.spaceId,
  after: params.lastDocumentID,
  first: params.results,
});

/** The order and time window of a list that has them (stories, problems, solutions). */
export const restTimeWindowOf = (params: ListParams) => ({
  orderBy: params.orderBy,
  timeRange: params.timeRange,
  startDate: params.startDate,
  endDate: params.endDate,
});

/** A post kind as its REST rows see it: its collection, its services and its presenter. */
export interface PostRestKind<Row> {
  /** The collection: `stories` serves `/stories`, `/stories/:id` and `path=stories`. */
  collection: string;
  /** `path={collection}`: a page of rows (see restPageOf and restTimeWindowOf for its params). */
  list: (ctx: Context, params: ListParams) => Promise<Page<Row>>;
  get: (ctx: Context, id: string) => Promise<Row>;
  create: (ctx: Context, input: Fields) => Promise<Row>;
  update: (ctx: Context, id: string, input: Fields) => Promise<Row>;
  remove: (ctx: Context, id: string) => Promise<void>;
  present: (ctx: Context, row: Row) => Promise<unknown>;
  /**
   * What a create takes from beside `data` (the problem a story or solution is posted under),
   * given `data` and the whole body; absent: nothing.
   */
  createExtras?: (data: Fields, body: Fields) => Fields;
}

/**
 * The rows every post kind answers alike: list, get and add by `path`, and `POST /{collection}`
 * (into the active space), `PATCH /{collection}/:id`, `DELETE /{collection}/:id`. Payload fields
 * a kind does not take are ignored by its service's input schema.
 */
export function mountPostRest<Row>(router: Router, paths: PathRouter, kind: PostRestKind<Row>) {
  const createInput = (data: Fields, spaceId: unknown, body: Fields) => ({
    ...data,
    spaceId,
    ...kind.createExtras?.(data, body),
  });

  paths.register(kind.collection, {
    async list(ctx, params) {
      return presentPage(await kind.list(ctx, params), (post) => kind.present(ctx, post));
    },
    async get(ctx, id) {
      return kind.present(ctx, await kind.get(ctx, id));
    },
    async create(ctx, body) {
      const data = fieldsOf(body.data);
      return kind.present(ctx, await kind.create(ctx, createInput(data, body.spaceId, body)));
    },
  });

  router.post(`/${kind.collection}`, async (req, res) => {
    const ctx = contextOf(res);
    const input = createInput(bodyData(req), activeSpaceId(req), bodyFields(req));
    ok(res.status(201), { data: await kind.present(ctx, await kind.create(ctx, input)) });
  });

  router.patch(`/${kind.collection}/:id`, async (req, res) => {
    const ctx = contextOf(res);
    const post = await kind.update(ctx, req.params.id, bodyData(req));
    ok(res, { data: await kind.present(ctx, post) });
  });

  router.delete(`/${kind.collection}/:id`, async (req, res) => {
    await kind.remove(contextOf(res), req.params.id);
    ok(res);
  });
}
