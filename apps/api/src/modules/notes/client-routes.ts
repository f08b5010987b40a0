import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { notesService } from './notes-service';

/** The planner app's part: published notes, by tag. */
export async function notesClientRoutes(app: FastifyInstance) {
  route(app, api.client.notes, ({ query }, ctx) =>
    notesService.listForPlanner(ctx, query.tag, { take: query.take, page: query.page }),
  );
}
