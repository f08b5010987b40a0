import { errorResponse, paged, pageQuery } from '@pult/contract';
import { count, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEvents } from '../../db/schema';

const auditEvent = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  at: z.string(),
});

/** The audit log, newest first; admin only (product.md §3). */
export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/audit-events',
    {
      config: { auth: ['admin'] },
      schema: {
        tags: ['audit'],
        querystring: pageQuery,
        response: { 200: paged(auditEvent), 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { take, page } = request.query;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(auditEvents)
          .orderBy(desc(auditEvents.id))
          .limit(take)
          .offset((page - 1) * take),
        app.db.select({ value: count() }).from(auditEvents),
      ]);
      return {
        items: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
        count: total?.value ?? 0,
      };
    },
  );
}
