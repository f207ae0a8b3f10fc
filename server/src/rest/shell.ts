import type { NextFunction, Request, Response } from 'express';
import {
  BILLING_RETURN_URL_MAX,
  CURSOR_MAX,
  ID_MAX,
  ITEM_PATH_MAX,
  LOCATION_SEARCH_MAX,
  TAG_FOLLOW_MAX,
  TAG_TEXT_MAX,
} from '@rules';
import type { Context } from '../context';
import type { Page } from '../db/keyset';
import { AppError, expectedError, HTTP_STATUS, wwwAuthenticate } from '../errors';
import type { Log } from '../log';

/** The request context the REST shell resolved (Bearer token or cookie), see app.ts. */
export const contextOf = (res: Response): Context => res.locals.ctx as Context;

/**
 * The active space of a REST call: the `spaceId` query parameter (the spec's client adds it to
 * every call), else `spaceId` in a POST/PATCH body; `x-country` names a country space by code.
 * One longer than any id is refused here, before a service looks it up.
 */
export function activeSpaceId(req: Request): string | undefined {
  const fromQuery = typeof req.query.spaceId === 'string' ? req.query.spaceId : undefined;
  const body = req.body as { spaceId?: unknown } | undefined;
  const fromBody = typeof body?.spaceId === 'string' ? body.spaceId : undefined;
  const country = req.header('x-country')?.toLowerCase();
  const spaceId = fromQuery || fromBody || country || undefined;
  if (spaceId && spaceId.length > ID_MAX)
    throw AppError.fromMessage('BAD_USER_INPUT', 'invalidValue', { field: 'spaceId' });
  return spaceId;
}

export const ok = (res: Response, payload: Record<string, unknown> = {}) =>
  res.json({ success: true, ...payload });

/** A list page as REST answers it: the rows and the next page's cursor, no per-row cursors. */
export type RestPage<T> = Pick<Page<T>, 'items' | 'last'>;

/** A list page in REST shape: each row presented (concurrently) and the next page's cursor. */
export async function presentPage<Row, Shape>(
  page: RestPage<Row>,
  present: (row: Row) => Promise<Shape>,
): Promise<RestPage<Shape>> {
  return { items: await Promise.all(page.items.map(present)), last: page.last };
}

/** Services name GraphQL's arguments; REST answers with the spec's parameter of the same role. */
const REST_FIELD_NAMES = new Map([['after', 'lastDocumentID']]);

/**
 * Maps AppError (and the expected failures `expectedError` recognises) to the spec's statuses and
 * `{ success: false, error: { code, message, field } }`. A caller's mistake is logged at info, an
 * unavailable database at warn, and only a bug at error.
 */
export function restErrorHandler(log: Log) {
  return (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const requestId = res.locals.requestId as string | undefined;
    const known = expectedError(error);
    if (!known) log.error({ err: error, requestId }, 'unexpected REST error');
    else if (!(error instanceof AppError))
      log[known.code === 'UNAVAILABLE' ? 'warn' : 'info']({ err: error, requestId }, known.message);
    const answer = known ?? AppError.fromMessage('INTERNAL', 'internal');
    const field = answer.details.field;
    if (answer.details.retryAfterSeconds)
      res.setHeader('Retry-After', String(answer.details.retryAfterSeconds));
    const authenticate = wwwAuthenticate(answer);
    if (authenticate) res.setHeader('WWW-Authenticate', authenticate);
    res.status(HTTP_STATUS[answer.code]).json({
      success: false,
      error: {
        code: answer.code,
        message: answer.message,
        field: field === undefined ? null : (REST_FIELD_NAMES.get(field) ?? field),
        ...(answer.details.suspendedUntil && { suspendedUntil: answer.details.suspendedUntil }),
        ...(answer.details.version !== undefined && { version: answer.details.version }),
        ...(answer.details.scope && { scope: answer.details.scope }),
      },
    });
  };
}

/**
 * The longest value each query parameter carries (the spec names them alike on every row); any
 * other is an id, a code or a word, at most ID_MAX.
 */
const QUERY_VALUE_MAX: Record<string, number> = {
  lastDocumentID: CURSOR_MAX,
  before: CURSOR_MAX,
  after: CURSOR_MAX,
  path: ITEM_PATH_MAX,
  // Comma-separated.
  tags: TAG_FOLLOW_MAX * (TAG_TEXT_MAX + 1),
  query: LOCATION_SEARCH_MAX,
  searchParam: TAG_TEXT_MAX,
  returnUrl: BILLING_RETURN_URL_MAX,
};

/** A string query parameter, or undefined; one longer than its kind is refused unread. */
export const queryParam = (req: Request, name: string) => {
  const value = req.query[name];
  if (typeof value !== 'string' || value === '') return undefined;
  if (value.length > (QUERY_VALUE_MAX[name] ?? ID_MAX))
    throw AppError.fromMessage('BAD_USER_INPUT', 'invalidValue', { field: name });
  return value;
};

/**
 * The `results` query parameter (the page size the spec's client asks for): a whole number, or
 * absent. Anything else is the caller's mistake, not a request for the default page.
 */
export function resultsParam(req: Request): number | undefined {
  const raw = queryParam(req, 'results');
  if (raw === undefined) return undefined;
  if (!/^-?\d{1,10}$/u.test(raw))
    throw AppError.fromMessage('BAD_USER_INPUT', 'invalidValue', { field: 'results' });
  return Number(raw);
}

/**
 * The fields of a JSON object; a value that is no object (absent, a string) has none. An array is
 * passed on as it came, for the service's rule to refuse.
 */
export const fieldsOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The fields of a request's JSON body, for the services to parse by their rules. */
export const bodyFields = (req: Request): Record<string, unknown> => fieldsOf(req.body);

/** Body `data` object of the spec's POST/PATCH payloads ({ data: {...} }). */
export const bodyData = (req: Request): Record<string, unknown> => fieldsOf(bodyFields(req).data);
