import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { bulkUndoService } from './bulk-undo-service';

/** `POST /bulk-undos/:id`: the undo of any module's undoable bulk action. */
export async function bulkUndosRoutes(app: FastifyInstance) {
  route(app, api.bulkUndos.undo, ({ params }, ctx) => bulkUndoService.undo(ctx, params.id));
}
