import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { presenceService } from './presence-service';

/** Expired presences and locks are swept (and announced) this often by every process. */
const SWEEP_MS = 5_000;

/** `PUT` and `DELETE /events/presence/:resource/:id`, and the sweep of expired ones (docs/decisions/0043). */
export async function presenceRoutes(app: FastifyInstance) {
  route(app, api.presence.beat, ({ params, body }, ctx) => presenceService.beat(ctx, params, body));
  route(app, api.presence.leave, ({ params, query }, ctx) => presenceService.leave(ctx, params, query.tab));

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      sweeping ??= presenceService
        .sweep(app.db, app.clock.now())
        .catch((error: unknown) => app.log.warn({ err: error }, 'presence sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
    }, SWEEP_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await sweeping;
  });
}
