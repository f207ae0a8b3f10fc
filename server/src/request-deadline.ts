import type { ServerResponse } from 'node:http';
import { MESSAGES } from '@rules';
import { UNAVAILABLE_RETRY_SECONDS } from './errors';

/**
 * No API request waits without bound. A database that stops answering without closing its
 * connections (a frozen host, a network partition) leaves a query waiting for ever, and the
 * driver has no per-query timeout: a response not begun within `ms` is answered here, 503 with
 * Retry-After in the transport's error shape, and whatever the stalled handler writes later is
 * dropped.
 */
export function answerWithin(res: ServerResponse, ms: number, shape: 'graphql' | 'rest') {
  const timer = setTimeout(() => {
    if (res.headersSent || res.writableEnded) return;
    const error = { code: 'UNAVAILABLE', message: MESSAGES.unavailable };
    const body = JSON.stringify(
      shape === 'graphql'
        ? {
            errors: [
              {
                message: error.message,
                extensions: { code: error.code, retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS },
              },
            ],
          }
        : { success: false, error: { ...error, field: null } },
    );
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(UNAVAILABLE_RETRY_SECONDS),
    });
    res.end(body);
    dropLaterWrites(res);
  }, ms);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}

/** The handler still waiting will answer too, late: its headers and body go nowhere. */
function dropLaterWrites(res: ServerResponse) {
  const ignore = function (this: ServerResponse) {
    return this;
  };
  Object.assign(res, {
    setHeader: ignore,
    appendHeader: ignore,
    removeHeader: () => undefined,
    writeHead: ignore,
    write: () => true,
    end: ignore,
  });
}
