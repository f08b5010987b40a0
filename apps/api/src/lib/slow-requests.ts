import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { loggableUrl } from './log-serializers';
import { rawErrorAnswer } from './raw-error-answer';
import { requestIdOf } from './request-id';

export interface SlowRequestLimits {
  /** Milliseconds for a request's headers to arrive; 0: no limit. */
  headersMs: number;
  /** Milliseconds for a request's body to arrive before its rate counts; 0: no limit. */
  bodyMs: number;
  /** Each this many bytes received give the body one more second. */
  bodyBytesPerSecond: number;
}

/**
 * Cuts off clients that send a request too slowly to be served, which would otherwise hold a
 * connection (and the request's buffers) for ever: Fastify turns Node's request timeout off.
 *
 * Headers: Node's own `headersTimeout`, checked every quarter of it (Node's default check runs every
 * 30 s, which would let a 1 s limit last 30). Body: a deadline of `bodyMs` that every
 * `bodyBytesPerSecond` bytes received push one second further, as Apache's mod_reqtimeout does, so
 * a large upload over a slow link goes through while a client trickling a byte every few seconds is
 * answered 408 and disconnected once `bodyMs` has passed. Only the request is timed: once it is in,
 * the answer (a streamed export of a million rows) takes as long as it takes.
 */
export function limitSlowRequests(server: Server, limits: SlowRequestLimits, log: FastifyBaseLogger): void {
  if (limits.headersMs > 0) {
    server.headersTimeout = limits.headersMs;
    // Read by Node when the server starts listening; not in @types/node's Server.
    (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(
      30_000,
      Math.max(100, Math.round(limits.headersMs / 4)),
    );
  }
  if (limits.bodyMs > 0)
    server.on('request', (request: IncomingMessage, response: ServerResponse) =>
      watchBody(request, response, limits, log),
    );
}

const hasBody = (request: IncomingMessage) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

function watchBody(
  request: IncomingMessage,
  response: ServerResponse,
  limits: SlowRequestLimits,
  log: FastifyBaseLogger,
): void {
  if (request.complete || !hasBody(request)) return;
  const socket = request.socket;
  const started = Date.now();
  // What the socket has read counts (headers of this request included): reading the stream itself
  // would take the body from the parser that is to read it.
  const bytesAtStart = socket.bytesRead;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    // `complete`: the whole body has arrived, whether or not anybody has read it yet.
    if (request.complete || socket.destroyed) return;
    const elapsed = Date.now() - started;
    const allowed = limits.bodyMs + ((socket.bytesRead - bytesAtStart) / limits.bodyBytesPerSecond) * 1000;
    if (elapsed < allowed) {
      timer = setTimeout(check, allowed - elapsed).unref();
      return;
    }
    log.info(
      {
        reqId: requestIdOf(request),
        method: request.method,
        url: loggableUrl(request),
        received: socket.bytesRead - bytesAtStart,
        elapsed,
      },
      'request body arrived too slowly: answered 408 and disconnected',
    );
    // Written on the socket, as Node writes its own 408: the route may still be waiting for the body.
    const answer = rawErrorAnswer(408, 'The request did not arrive in time', requestIdOf(request));
    if (socket.writable && !response.headersSent) socket.end(answer, () => socket.destroy());
    else socket.destroy();
  };
  timer = setTimeout(check, limits.bodyMs).unref();
  // Emitted once the body has been read to its end, or the request was aborted.
  request.once('close', () => clearTimeout(timer));
}
