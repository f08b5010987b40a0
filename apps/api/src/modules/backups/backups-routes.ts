import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { backupsService } from './backups-service';

export async function backupsRoutes(app: FastifyInstance) {
  route(app, api.backups.status, (_call, ctx) => backupsService.status(ctx));
}
