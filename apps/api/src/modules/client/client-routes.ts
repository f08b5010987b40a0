import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { agreementsService } from '../agreements';
import { notesService } from '../notes';
import { activationService } from '../promo-codes';
import { devicesService } from '../push';

/** The planner-facing part: a signed-in planner user, not staff. */
export async function clientRoutes(app: FastifyInstance) {
  route(app, api.client.activatePromoCode, ({ body }, ctx) => activationService.activate(ctx, body.code));
  route(app, api.client.notes, ({ query }, ctx) =>
    notesService.listForPlanner(ctx, query.tag, { take: query.take, page: query.page }),
  );
  route(app, api.client.acceptAgreement, ({ body, request }, ctx) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return (Array.isArray(value) ? value[0] : value) || null;
    };
    return agreementsService.accept(ctx, {
      type: body.type,
      version: body.version,
      appVersion: body.appVersion ?? header('x-app-version')?.slice(0, 50) ?? null,
      userAgent: header('user-agent'),
    });
  });
  route(app, api.client.registerDevice, ({ body }, ctx) => devicesService.register(ctx, body));
  route(app, api.client.removeDevice, ({ params }, ctx) => devicesService.remove(ctx, params.token));
  route(app, api.client.pushOpened, ({ params }, ctx) => devicesService.opened(ctx, params.deliveryId));
}
