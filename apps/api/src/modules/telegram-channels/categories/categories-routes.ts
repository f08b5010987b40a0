import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/route';
import { historyRoutes } from '../../revisions';
import { telegramListsVersion } from '../list-version';
import { categoryHistory } from '../telegram-history';
import { categoriesService } from './categories-service';

/** Channel categories for staff. */
export async function categoriesRoutes(app: FastifyInstance) {
  // Shared data both channel screens load on every visit: revalidated by the lists' version (issue 37).
  route(app, api.telegramChannels.listCategories, (_, ctx) => categoriesService.list(ctx), {
    revalidate: telegramListsVersion,
  });
  route(app, api.telegramChannels.saveCategory, ({ body }, ctx) => categoriesService.save(ctx, body));
  route(app, api.telegramChannels.deleteCategory, async ({ params, query }, ctx) => {
    await categoriesService.remove(ctx, params.id, query.moveTo);
    return { ok: true as const };
  });
  historyRoutes(
    app,
    {
      revisions: api.telegramChannels.categoryRevisions,
      restoreRevision: api.telegramChannels.restoreCategoryRevision,
    },
    categoryHistory,
  );
}
