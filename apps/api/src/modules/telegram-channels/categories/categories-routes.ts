import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { categoriesService } from './categories-service';

/** Channel categories for staff. */
export async function categoriesRoutes(app: FastifyInstance) {
  route(app, api.telegram.listCategories, (_, ctx) => categoriesService.list(ctx));
  route(app, api.telegram.saveCategory, ({ body }, ctx) => categoriesService.save(ctx, body));
  route(app, api.telegram.deleteCategory, async ({ params, query }, ctx) => {
    await categoriesService.remove(ctx, params.id, query.moveTo);
    return { ok: true as const };
  });
}
