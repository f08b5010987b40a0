import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { notesService } from '../notes';
import { activationService } from '../promo-codes';

/** The planner-facing part: a signed-in planner user, not staff. */
export async function clientRoutes(app: FastifyInstance) {
  route(app, api.client.activatePromoCode, ({ body }, ctx) => activationService.activate(ctx, body.code));
  route(app, api.client.notes, ({ query }, ctx) =>
    notesService.listForPlanner(ctx, query.tag, { take: query.take, page: query.page }),
  );
}
