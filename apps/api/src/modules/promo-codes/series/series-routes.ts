import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { historyRoutes } from '../../revisions';
import { seriesHistory } from './series-history';
import { seriesService } from './series-service';

/** Promo-code series: each endpoint mapped to a service call. */
export async function seriesRoutes(app: FastifyInstance) {
  route(app, api.promoCodes.list, ({ query }, ctx) => seriesService.list(ctx, query));
  route(app, api.promoCodes.prefilled, (_, ctx) => seriesService.prefilled(ctx));
  route(app, api.promoCodes.customization, ({ query }, ctx) => seriesService.customization(ctx, query.basketId));
  route(app, api.promoCodes.create, ({ body }, ctx) => seriesService.create(ctx, body));
  route(app, api.promoCodes.get, ({ params }, ctx) => seriesService.get(ctx, params.id));
  route(app, api.promoCodes.manage, ({ params }, ctx) => seriesService.setStatus(ctx, params.id, params.action));
  historyRoutes(app, api.promoCodes, seriesHistory);
}
