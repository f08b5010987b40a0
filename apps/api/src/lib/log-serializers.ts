/**
 * The `err` serializer of the server log. A failed query must never write its parameter values:
 * they include password hashes, token hashes and personal data. Drizzle's DrizzleQueryError puts
 * them in `params` and in its message ("Failed query: … params: …"), so both are rewritten; the
 * PostgreSQL error under it keeps its code and message but loses `detail`/`where`, which quote row
 * values ("Failing row contains (…)", "Key (email)=(…) already exists").
 */
const DROPPED = new Set(['params', 'detail', 'where', 'internalQuery']);

export function serializeError(value: unknown, depth = 0): unknown {
  if (!(value instanceof Error) || depth > 5) return value;
  const isQueryError = 'query' in value && 'params' in value;
  const message = isQueryError ? `Failed query: ${String((value as { query: unknown }).query)}` : value.message;
  const out: Record<string, unknown> = {
    type: value.constructor?.name ?? 'Error',
    message,
    stack: isQueryError && value.stack ? value.stack.replace(value.message, message) : value.stack,
  };
  for (const [key, field] of Object.entries(value)) {
    if (DROPPED.has(key) || key === 'cause') continue;
    out[key] = field;
  }
  if (value.cause !== undefined) out.cause = serializeError(value.cause, depth + 1);
  return out;
}

/** What the `req` serializer reads of a Fastify request (or of a bare Node request, which has no route). */
interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  routeOptions?: { url?: string };
  socket?: { remotePort?: number };
}

/**
 * The URL as the log may keep it: the route's pattern when a route matched (`/api/client/devices/:token`,
 * so a path parameter — a push token, a promo code — never appears), else the path; and the query's
 * names with every value replaced (`?token=…&where=…`). Query values carry reset tokens and filters
 * with e-mails and phone numbers (docs/decisions/0015: query values are never logged).
 */
export function loggableUrl(request: LoggedRequest): string {
  const raw = request.url ?? '';
  const mark = raw.indexOf('?');
  const path = mark === -1 ? raw : raw.slice(0, mark);
  const pattern = request.routeOptions?.url;
  // A wildcard pattern (`/files/*`) says less than the path, which holds no query value.
  const shown = pattern && !pattern.includes('*') ? pattern : path;
  if (mark === -1) return shown;
  const names = raw
    .slice(mark + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      // A name is the caller's text too: only a short, plain one is worth keeping.
      return /^[\w.[\]-]{1,40}$/.test(name) ? name : '_';
    });
  return `${shown}?${names.map((name) => `${name}=…`).join('&')}`;
}

/** Fastify's `req` serializer with the URL made loggable; the other fields are its own. */
export const serializeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: loggableUrl(request),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
