import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { listViewsService as service } from './list-views-service';

/** Column settings and saved views of the list screens (issue #15): each route maps to one service call. */
export async function listViewsRoutes(app: FastifyInstance) {
  route(app, api.listViews.getColumns, ({ params }, ctx) => service.getColumns(ctx, params.listKey));
  route(app, api.listViews.putColumns, ({ params, body }, ctx) => service.putColumns(ctx, params.listKey, body));
  route(app, api.listViews.listViews, ({ params }, ctx) => service.list(ctx, params.listKey));
  route(app, api.listViews.createView, ({ params, body }, ctx) => service.create(ctx, params.listKey, body));
  route(app, api.listViews.updateView, ({ params, body }, ctx) => service.update(ctx, params.id, body));
  route(app, api.listViews.deleteView, ({ params }, ctx) => service.remove(ctx, params.id));
}
