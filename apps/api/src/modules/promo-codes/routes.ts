import {
  createPromoSeriesBody,
  customization,
  errorResponse,
  idParam,
  manageSeriesParams,
  prefilledSeries,
  promoSeriesQuery,
  promoSeries as promoSeriesSchema,
  YEARLY_PLAN_TITLE,
} from '@pult/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { promoSeries, subscriptionPlans } from '../../db/schema';
import { errorResponses } from '../../lib/error-responses';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { principalOf } from '../../plugins/auth';
import { fetchCustomization } from './catalog-client';
import { findSeries, listSeries } from './series-repository';

const DAY = 24 * 3600_000;

/** Promo-code series (seed §7, product.md §4): admins and editors alike (product.md §3). */
export async function promoSeriesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/promo-codes',
    {
      schema: {
        tags: ['promo-codes'],
        querystring: promoSeriesQuery,
        response: {
          200: z.object({ items: z.array(promoSeriesSchema), count: z.number(), countIsEstimate: z.boolean() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const result = await listSeries(app.db, request.query);
      return { items: result.items, count: result.count, countIsEstimate: result.isEstimate };
    },
  );

  app.get(
    '/promo-codes/prefilled-serie',
    { schema: { tags: ['promo-codes'], response: { 200: prefilledSeries, ...errorResponses } } },
    async () => {
      const plans = await app.db
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.enabled, true))
        .orderBy(asc(subscriptionPlans.sortOrder));
      // The yearly plan, as the grant dialog prefers it (seed §5); else the first enabled one.
      const plan = plans.find((p) => p.title.toLowerCase() === YEARLY_PLAN_TITLE.toLowerCase()) ?? plans[0];
      const now = app.clock.now();
      const day = now.toISOString().slice(0, 10).split('-').reverse().join('.');
      return {
        name: `Серия от ${day}`,
        prefix: 'PULT',
        codeLength: 8,
        codesCount: 1000,
        planId: plan?.id ?? null,
        durationDays: plan?.durationDays ?? 30,
        startsAt: now.toISOString(),
        endsAt: new Date(now.getTime() + 90 * DAY).toISOString(),
      };
    },
  );

  app.get(
    '/promo-codes/customization',
    {
      schema: {
        tags: ['promo-codes'],
        querystring: z.object({ basketId: z.string().trim().min(1).max(64) }),
        response: { 200: customization, 502: errorResponse, 503: errorResponse, ...errorResponses },
      },
    },
    async (request) => fetchCustomization(app.env.CATALOG_URL, request.query.basketId),
  );

  app.post(
    '/promo-codes',
    {
      schema: {
        tags: ['promo-codes'],
        body: createPromoSeriesBody,
        response: { 200: promoSeriesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const [plan] = await app.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, body.planId));
      if (!plan) throw badRequest('Unknown plan', { planId: 'unknown plan' });
      if (!plan.enabled) throw badRequest('The plan is disabled', { planId: 'plan is disabled' });
      let basketName: string | null = null;
      if (body.basketId) {
        try {
          basketName = (await fetchCustomization(app.env.CATALOG_URL, body.basketId)).nameProject;
        } catch (error) {
          // On the form the catalog's answer belongs to the basket field, whatever went wrong upstream.
          if (error instanceof HttpError) throw badRequest(error.message, { basketId: error.message });
          throw error;
        }
      }
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(promoSeries)
          .values({
            name: body.name,
            prefix: body.prefix,
            codeLength: body.codeLength,
            codesCount: body.codesCount,
            planId: plan.id,
            durationDays: body.durationDays,
            startsAt: body.startsAt ? new Date(body.startsAt) : null,
            endsAt: body.endsAt ? new Date(body.endsAt) : null,
            basketId: body.basketId ?? null,
            basketName,
            createdAt: app.clock.now(),
            createdBy: principalOf(request).userId,
          })
          .returning({ id: promoSeries.id });
        if (!row) throw new Error('insert returned nothing');
        await request.audit({ action: 'create', entity: 'promo-series', entityId: row.id, after: body }, tx);
        return row.id;
      });
      // The codes are made in the background; the series shows at once with its progress.
      app.promoGeneration.wake();
      const created = await findSeries(app.db, id);
      if (!created) throw notFound();
      return created;
    },
  );

  app.get(
    '/promo-codes/:id',
    { schema: { tags: ['promo-codes'], params: idParam, response: { 200: promoSeriesSchema, ...errorResponses } } },
    async (request) => {
      const series = await findSeries(app.db, request.params.id);
      if (!series) throw notFound('Promo series not found');
      return series;
    },
  );

  app.get(
    '/promo-codes/:id/manage/:action',
    {
      schema: {
        tags: ['promo-codes'],
        params: manageSeriesParams,
        response: { 200: promoSeriesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const status = action === 'enable' ? 'enabled' : 'disabled';
      await app.db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: promoSeries.status })
          .from(promoSeries)
          .where(eq(promoSeries.id, id))
          .for('update');
        if (!before) throw notFound('Promo series not found');
        await tx.update(promoSeries).set({ status }).where(eq(promoSeries.id, id));
        await request.audit({ action, entity: 'promo-series', entityId: id, before, after: { status } }, tx);
      });
      const series = await findSeries(app.db, id);
      if (!series) throw notFound('Promo series not found');
      return series;
    },
  );
}
