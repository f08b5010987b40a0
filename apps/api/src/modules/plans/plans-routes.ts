import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readImageUpload } from '../../storage/read-upload';
import { historyRoutes } from '../revisions';
import { planHistory } from './plan-history';
import { plansService } from './plans-service';

/**
 * The reference module (README "Add a feature"): routes only map an endpoint of the contract to a
 * service call; the service holds the rules; the repository holds the SQL.
 */
export async function plansRoutes(app: FastifyInstance) {
  route(app, api.plans.list, (_, ctx) => plansService.list(ctx));
  route(app, api.plans.get, ({ params }, ctx) => plansService.get(ctx, params.id));
  route(app, api.plans.create, ({ body }, ctx) => plansService.create(ctx, body));
  route(app, api.plans.update, ({ params, body }, ctx) => plansService.update(ctx, params.id, body));
  route(app, api.plans.manage, ({ params }, ctx) => plansService.setEnabled(ctx, params.id, params.action));
  route(app, api.plans.uploadIcon, async ({ params, request }, ctx) => {
    const icon = await readImageUpload(request, 'icon', 'plan-icons', 'icon');
    return plansService.replaceIcon(ctx, params.id, icon);
  });
  historyRoutes(app, api.plans, planHistory);
}
