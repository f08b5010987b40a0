import { api } from '@pult/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { transactionsService } from './transactions-service';

/** Transactions: read-only, newest first, with filters and a separate exact summary. */
export async function transactionsRoutes(app: FastifyInstance) {
  route(app, api.transactions.list, ({ query }, ctx) => transactionsService.list(ctx, query));
  route(app, api.transactions.summary, ({ query }, ctx) => transactionsService.summary(ctx, query));
}
