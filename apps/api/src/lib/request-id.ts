import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request's id comes in on (from a proxy or a client) and goes back out on. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id may be: printable ASCII without spaces, quotes, slashes or stars, at most 128
 * characters (a UUID, a proxy's hex id, `trace:span`). The id goes into log lines, the audit table
 * (whose CHECK holds the same pattern) and SQL comments, so nothing else is ever taken as one.
 */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const isValidRequestId = (value: unknown): value is string => typeof value === 'string' && VALID_ID.test(value);

/**
 * One id per request whoever asks first: Fastify when it routes it, or the answers written in front
 * of it or beside it (the drain's 503, a slow body's 408), so the same id reaches the log and the
 * client whichever of them answers.
 */
const idOf = new WeakMap<IncomingMessage, string>();

/**
 * Fastify's `genReqId`: the request's own `X-Request-Id` when it is a valid one (a proxy in front
 * tied its log to it), else a new UUID, the same for every call about one request. Fastify puts it
 * on every line of `request.log` as `reqId`.
 */
export function requestIdOf(request: IncomingMessage): string {
  let id = idOf.get(request);
  if (id === undefined) {
    const given = request.headers[REQUEST_ID_HEADER];
    id = isValidRequestId(given) ? given : randomUUID();
    idOf.set(request, id);
  }
  return id;
}
