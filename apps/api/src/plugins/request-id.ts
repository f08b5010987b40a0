import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runAsRequest } from '../db/statement-tag';
import { REQUEST_ID_HEADER } from '../lib/request-id';

/**
 * Request ids end to end (docs/decisions/0033). The id itself is Fastify's `request.id`, made by
 * `genReqId` (lib/request-id.ts) and written on every line of `request.log` as `reqId`; the audit
 * plugin stores it on the row. Here it goes back to the caller as `X-Request-Id` on every answer
 * (errors and 404s too: the header is set before anything can fail), and, on PostgreSQL, the rest of
 * the request runs as its work so its statements carry the id (db/statement-tag.ts).
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    const tagStatements = app.database.kind === 'postgres';
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      if (tagStatements) runAsRequest(request.id, done);
      else done();
    });
  },
  { name: 'request-id', dependencies: ['db'] },
);
