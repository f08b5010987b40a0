import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readinessProbe } from './readiness';

/**
 * GET /healthz and GET /readyz at the root (outside /api, its guard and the SPA's fallback). They
 * answer during a shutdown's drain too (lib/graceful-shutdown.ts lets them through): /readyz says 503.
 */
export async function probesRoutes(app: FastifyInstance) {
  // One probe per app: its in-flight query is shared by the probes that arrive meanwhile.
  const readiness = readinessProbe({ db: app.db, draining: () => app.draining === true });
  route(app, api.operations.health, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
  route(app, api.operations.readiness, async ({ reply }) => {
    const answer = await readiness.check();
    return reply
      .code(answer.status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
}
