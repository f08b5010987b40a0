import { Readable } from 'node:stream';
import {
  activatedCode,
  activatedQuery,
  blockCodeParams,
  generatedCode,
  generatedCodesQuery,
  idParam,
} from '@pult/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { promoCodes, promoSeries } from '../../db/schema';
import { errorResponses } from '../../lib/error-responses';
import { notFound } from '../../lib/http-errors';
import { countRows } from '../../lib/page-count';
import { listActivatedCodes } from './activated-codes';
import { bumpCounters } from './series-repository';

/** The codes of a series: all generated ones, the used ones, and blocking one code. */
export async function promoCodesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  async function seriesExists(id: number) {
    const [row] = await app.db
      .select({ id: promoSeries.id, name: promoSeries.name })
      .from(promoSeries)
      .where(eq(promoSeries.id, id));
    if (!row) throw notFound('Promo series not found');
    return row;
  }

  app.get(
    '/promo-codes/:id/generated-codes',
    {
      schema: {
        tags: ['promo-codes'],
        params: idParam,
        querystring: generatedCodesQuery,
        description: 'Paginated JSON, or with format=csv the whole series as a CSV download.',
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const series = await seriesExists(id);
      if (request.query.format === 'csv') {
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="promo-codes-${id}.csv"`)
          .header('cache-control', 'no-store');
        await request.audit({ action: 'export-codes', entity: 'promo-series', entityId: id });
        return reply.send(Readable.from(codesCsv(id)));
      }
      const { take, page } = request.query;
      const condition = eq(promoCodes.seriesId, id);
      const total = await countRows(app.db, app.db.select({ id: promoCodes.id }).from(promoCodes).where(condition));
      const rows = await app.db
        .select()
        .from(promoCodes)
        .where(condition)
        .orderBy(asc(promoCodes.id))
        .limit(take)
        .offset((page - 1) * take);
      const body = {
        items: rows.map((r) => ({
          value: r.value,
          status: r.status,
          activatedAt: r.activatedAt?.toISOString() ?? null,
        })),
        count: total.count,
        countIsEstimate: total.isEstimate,
        seriesName: series.name,
      };
      return z
        .object({
          items: z.array(generatedCode),
          count: z.number(),
          countIsEstimate: z.boolean(),
          seriesName: z.string(),
        })
        .parse(body);
    },
  );

  /** The whole series, 10 000 codes a query by id (keyset), so memory stays flat at millions of codes. */
  async function* codesCsv(seriesId: number): AsyncGenerator<string> {
    yield '\uFEFFcode;status;activatedAt\r\n';
    let lastId = 0;
    for (;;) {
      const rows = await app.db
        .select({
          id: promoCodes.id,
          value: promoCodes.value,
          status: promoCodes.status,
          activatedAt: promoCodes.activatedAt,
        })
        .from(promoCodes)
        .where(and(eq(promoCodes.seriesId, seriesId), gt(promoCodes.id, lastId)))
        .orderBy(asc(promoCodes.id))
        .limit(10_000);
      if (rows.length === 0) return;
      yield rows.map((r) => `${r.value};${r.status};${r.activatedAt?.toISOString() ?? ''}\r\n`).join('');
      lastId = rows[rows.length - 1]?.id ?? lastId;
    }
  }

  app.get(
    '/promo-codes/:id/activated',
    {
      schema: {
        tags: ['promo-codes'],
        params: idParam,
        querystring: activatedQuery,
        response: {
          200: z.object({ items: z.array(activatedCode), count: z.number(), countIsEstimate: z.boolean() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await listActivatedCodes(app.db, id, request.query.where);
      // Only an empty answer needs to tell "no such series" (404) from "nothing matched".
      if (result.items.length === 0) await seriesExists(id);
      return { items: result.items, count: result.count, countIsEstimate: result.isEstimate };
    },
  );

  app.get(
    '/promo-codes/:id/block/:code',
    { schema: { tags: ['promo-codes'], params: blockCodeParams, response: { 200: activatedCode, ...errorResponses } } },
    async (request) => {
      const { id, code } = request.params;
      const now = app.clock.now();
      const row = await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(promoCodes)
          .where(and(eq(promoCodes.value, code.toUpperCase()), eq(promoCodes.seriesId, id)))
          .for('update');
        // A code of another series is "not found" here: the path names the series.
        if (!before) throw notFound('No such code in this series');
        if (before.status === 'blocked') return before;
        const [after] = await tx
          .update(promoCodes)
          .set({ status: 'blocked', blockedAt: now })
          .where(eq(promoCodes.id, before.id))
          .returning();
        await bumpCounters(tx, id, { blocked: 1, activated: before.status === 'activated' ? -1 : 0 });
        await request.audit(
          {
            action: 'block-code',
            entity: 'promo-code',
            entityId: before.value,
            before: { status: before.status },
            after: { status: 'blocked' },
          },
          tx,
        );
        return after ?? before;
      });
      return {
        value: row.value,
        status: row.status,
        activatedAt: row.activatedAt?.toISOString() ?? null,
        blockedAt: row.blockedAt?.toISOString() ?? null,
        activatedBy: null,
      };
    },
  );
}
