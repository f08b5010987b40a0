import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './raw-error-answer';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the shutdown signal on (a readiness check answers 503 from then); false otherwise. */
    readonly draining: boolean;
  }
}

/** Seconds a client is told to wait before trying again: about a restart behind a process manager. */
const RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE_BODY = errorBody(503, 'The server is shutting down; retry shortly');

/** The answer to a request that arrives during the drain: the one error shape, its id, and no keep-alive. */
function refuse(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(503, {
    [REQUEST_ID_HEADER]: requestIdOf(request),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(UNAVAILABLE_BODY),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'retry-after': String(RETRY_AFTER_SECONDS),
    connection: 'close',
  });
  response.end(UNAVAILABLE_BODY);
}

/**
 * Graceful shutdown in two steps. The drain: the server keeps listening, and every request that
 * arrives, on a new connection or an open one, is answered 503 with `Retry-After` and
 * `Connection: close` (so a client or a load balancer retries elsewhere instead of seeing a reset or a
 * refused connection), while the requests already in flight finish, each told `Connection: close`.
 * Then the close: Fastify stops listening, closes the idle connections and runs its onClose hooks
 * (the database last).
 *
 * The requests are counted and turned away in front of Fastify, at the Node server's `request` event,
 * so no route, hook or static file is reached during the drain, except the paths in
 * `answeredWhileDraining` (GET /readyz answers 503 with its checks, /healthz 200). Install before `listen`.
 */
export function installGracefulShutdown(
  app: FastifyInstance,
  options: { answeredWhileDraining?: readonly string[] } = {},
): { shutDown(): Promise<void> } {
  const probes = new Set(options.answeredWhileDraining ?? []);
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  let drained: (() => void) | undefined;

  const server = app.server;
  const handlers = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (draining) {
      // A load balancer's probe still reaches its route, which says "not ready" (and nothing else does).
      if (!probes.has(request.url?.split('?')[0] ?? '')) return refuse(request, response);
      response.setHeader('connection', 'close');
    }
    inFlight.add(response);
    // 'close': the answer was sent, or the connection went away first.
    response.once('close', () => {
      inFlight.delete(response);
      if (draining && inFlight.size === 0) drained?.();
    });
    for (const handler of handlers) handler.call(server, request, response);
  });
  app.decorate('draining', { getter: () => draining });

  return {
    async shutDown() {
      draining = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
      if (inFlight.size > 0) await new Promise<void>((resolve) => (drained = resolve));
      await app.close();
    },
  };
}
