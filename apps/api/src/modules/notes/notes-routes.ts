import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { readImageUpload } from '../../storage/read-upload';
import { historyRoutes } from '../revisions';
import { noteHistory } from './note-history';
import { notesService } from './notes-service';

/** Notes for admins and editors: each route maps an endpoint of the contract to a service call. */
export async function notesRoutes(app: FastifyInstance) {
  route(app, api.notes.list, ({ query }, ctx) => {
    const { take, page, ...filters } = query;
    return notesService.list(ctx, filters, { take, page });
  });
  route(app, api.notes.tags, (_, ctx) => notesService.tags(ctx));
  route(app, api.notes.get, ({ params }, ctx) => notesService.get(ctx, params.id));
  route(app, api.notes.create, ({ body }, ctx) => notesService.create(ctx, body));
  route(app, api.notes.update, ({ params, body }, ctx) => notesService.update(ctx, params.id, body));
  route(app, api.notes.archive, ({ params }, ctx) => notesService.archive(ctx, params.id));
  route(app, api.notes.restore, ({ params }, ctx) => notesService.restore(ctx, params.id));
  route(app, api.notes.uploadCover, async ({ params, request }, ctx) => {
    const image = await readImageUpload(request, 'image', 'note-covers', 'image');
    return notesService.replaceCover(ctx, params.id, image);
  });
  route(app, api.notes.shareCard, ({ params }, ctx) => notesService.shareCard(ctx, params.id));
  historyRoutes(app, api.notes, noteHistory);
}
