import { Readable } from 'node:stream';
import {
  activatedCode,
  activatedQuery,
  blockCodeParams,
  generatedCode,
  generatedCodesQuery,
  idParam,
} from '@pult/contract';
import { and, asc, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { promoCodes, promoSeries, users } from '../../db/schema';
import { errorResponses } from '../../lib/error-responses';
import { notFound } from '../../lib/http-errors';
import { countFromWindow, countRows, windowCount } from '../../lib/page-count';
import { containsPattern } from '../../lib/sql-search';
import { bumpCounters } from './series-repository';

/** The codes of a series: all generated ones, the used ones, and blocking one code. */
/**
 * The used codes of a series that match `text` in their value or in the activating user's e-mail or
 * phone. They are found first, each way on its own index (the partial trigram index of used codes; the
 * users' trigram indexes, then promo_codes_activated_by_idx), so only that handful is sorted. Written
 * as one condition with OR, the planner may walk the series' used codes newest first, filtering each
 * and betting on an early match: 1 s for a text that matches a single code of 300 000.
 */
function matchingText(seriesId: number, text: string): SQL {
  const pattern = containsPattern(text);
  const used = sql`${promoCodes.seriesId} = ${seriesId} and ${promoCodes.status} <> 'new'`;
  return sql`${promoCodes.id} = any(array(
    select ${promoCodes.id} from ${promoCodes} where ${used} and ${promoCodes.value} ilike ${pattern}
    union
    select ${promoCodes.id} from ${promoCodes} where ${used} and ${promoCodes.activatedBy} = any(array(
      select ${users.id} from ${users} where ${users.email} ilike ${pattern} or ${users.phoneNumber} ilike ${pattern}))))`;
}

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
      const { take, page, text, statuses } = request.query.where;
      const conditions: Array<SQL | undefined> = [
        eq(promoCodes.seriesId, id),
        // Matches the partial index of used codes: a series' unused millions are never scanned.
        ne(promoCodes.status, 'new'),
        statuses && statuses.length > 0 ? inArray(promoCodes.status, statuses) : undefined,
      ];
      if (text) conditions.push(matchingText(id, text));
      const condition = and(...conditions);
      const recount = () => countRows(app.db, app.db.select({ id: promoCodes.id }).from(promoCodes).where(condition));
      // A text search matches a handful of codes: the page and its exact count come from one query.
      // The whole list can hold hundreds of thousands: counted (or estimated) on its own.
      const total = text ? undefined : await recount();
      const rows = await app.db
        .select({
          code: promoCodes,
          email: users.email,
          phoneNumber: users.phoneNumber,
          total: text ? windowCount() : sql<number>`0`,
        })
        .from(promoCodes)
        .leftJoin(users, eq(users.id, promoCodes.activatedBy))
        .where(condition)
        .orderBy(desc(promoCodes.activatedAt), desc(promoCodes.id))
        .limit(take)
        .offset((page - 1) * take);
      // Only an empty answer needs to tell "no such series" (404) from "nothing matched".
      if (rows.length === 0) await seriesExists(id);
      const count = total ?? (await countFromWindow(rows, recount));
      return {
        items: rows.map(({ code, email, phoneNumber }) => ({
          value: code.value,
          status: code.status,
          activatedAt: code.activatedAt?.toISOString() ?? null,
          blockedAt: code.blockedAt?.toISOString() ?? null,
          activatedBy: code.activatedBy && email ? { id: code.activatedBy, email, phoneNumber } : null,
        })),
        count: count.count,
        countIsEstimate: count.isEstimate,
      };
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
