import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's two lines per request ("incoming request", "request completed") at `debug`, not `info`:
 * at the default level they buried the start's lines (the first admin's password among them) under
 * the SPA's first page load. `LOG_LEVEL=debug` brings them back. A request that failed is still
 * logged at `error` (here, and by the errors plugin), whatever the level.
 */
export class RequestLogAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
