import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { auditService } from './audit-service';

export async function auditRoutes(app: FastifyInstance) {
  route(app, api.audit.list, ({ query }, ctx) => auditService.list(ctx, query.take, query.page));
}
