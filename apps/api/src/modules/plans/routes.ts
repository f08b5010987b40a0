import { createPlanBody, idParam, managePlanParams, paged, plan, updatePlanBody } from '@pult/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriptionPlans } from '../../db/schema';
import { errorResponses, uploadErrorResponses } from '../../lib/error-responses';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { principalOf } from '../../plugins/auth';
import { readImageUpload } from '../../storage/read-upload';
import { type PlanRow, toPlan } from './plan-row';

const titleTaken = () => conflict('A plan with this title already exists', { title: 'already exists' });
/** What only an admin may change: the commercial terms (product.md §3). Editors edit texts and icons. */
const ADMIN_ONLY_FIELDS = ['price', 'currency', 'period', 'durationDays'] as const;

/** Plans ("subscription descriptions", seed §7). */
export async function plansRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  async function findPlan(id: number): Promise<PlanRow> {
    const [row] = await app.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    if (!row) throw notFound('Plan not found');
    return row;
  }

  app.get(
    '/subscriptions/desc',
    { schema: { tags: ['plans'], response: { 200: paged(plan), ...errorResponses } } },
    async () => {
      const rows = await app.db
        .select()
        .from(subscriptionPlans)
        .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id));
      return { items: rows.map(toPlan), count: rows.length };
    },
  );

  app.post(
    '/subscriptions/desc',
    {
      config: { auth: ['admin'] },
      schema: { tags: ['plans'], body: createPlanBody, response: { 200: plan, ...errorResponses } },
    },
    async (request) => {
      try {
        return await app.db.transaction(async (tx) => {
          const now = app.clock.now();
          const [row] = await tx
            .insert(subscriptionPlans)
            .values({ ...request.body, createdAt: now, updatedAt: now })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await request.audit({ action: 'create', entity: 'plan', entityId: row.id, after: toPlan(row) }, tx);
          return toPlan(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw titleTaken();
        throw error;
      }
    },
  );

  app.patch(
    '/subscriptions/desc/:id',
    {
      config: { auth: ['admin', 'editor'] },
      schema: { tags: ['plans'], params: idParam, body: updatePlanBody, response: { 200: plan, ...errorResponses } },
    },
    async (request) => {
      const body = request.body;
      if (principalOf(request).role !== 'admin') {
        const touched = ADMIN_ONLY_FIELDS.filter((field) => body[field] !== undefined);
        if (touched.length > 0) throw forbidden(`Only an admin may change ${touched.join(', ')}`);
      }
      const before = await findPlan(request.params.id);
      const period = body.period ?? before.period;
      const durationDays = body.durationDays ?? before.durationDays;
      // The pair must stay consistent even when only one half changes.
      const check = updatePlanBody.safeParse({ period, durationDays });
      if (!check.success)
        throw badRequest('durationDays does not match the period', { durationDays: 'does not match the period' });
      try {
        return await app.db.transaction(async (tx) => {
          const [row] = await tx
            .update(subscriptionPlans)
            .set({ ...body, updatedAt: app.clock.now() })
            .where(eq(subscriptionPlans.id, request.params.id))
            .returning();
          if (!row) throw notFound('Plan not found');
          await request.audit(
            { action: 'update', entity: 'plan', entityId: row.id, before: toPlan(before), after: toPlan(row) },
            tx,
          );
          return toPlan(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw titleTaken();
        throw error;
      }
    },
  );

  app.get(
    '/subscriptions/desc/:id/manage/:action',
    {
      config: { auth: ['admin'] },
      schema: { tags: ['plans'], params: managePlanParams, response: { 200: plan, ...errorResponses } },
    },
    async (request) => {
      const { id, action } = request.params;
      const before = await findPlan(id);
      return app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(subscriptionPlans)
          .set({ enabled: action === 'enable', updatedAt: app.clock.now() })
          .where(eq(subscriptionPlans.id, id))
          .returning();
        if (!row) throw notFound('Plan not found');
        await request.audit(
          {
            action,
            entity: 'plan',
            entityId: id,
            before: { enabled: before.enabled },
            after: { enabled: row.enabled },
          },
          tx,
        );
        return toPlan(row);
      });
    },
  );

  app.post(
    '/subscriptions/desc/:id/icon',
    {
      config: { auth: ['admin', 'editor'] },
      schema: {
        tags: ['plans'],
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: plan, ...uploadErrorResponses },
      },
    },
    async (request) => {
      const before = await findPlan(request.params.id);
      // SVG is refused: Pult does not sanitise SVG, and an unsanitised SVG is a script (product.md §6).
      const image = await readImageUpload(request, 'icon', 'plan-icons', 'icon');
      await app.storage.put(image.key, image.bytes, image.kind.contentType);
      const row = await app.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(subscriptionPlans)
          .set({ icon: image.key, updatedAt: app.clock.now() })
          .where(eq(subscriptionPlans.id, before.id))
          .returning();
        if (!updated) throw notFound('Plan not found');
        await request.audit(
          {
            action: 'icon',
            entity: 'plan',
            entityId: before.id,
            before: { icon: before.icon },
            after: { icon: image.key },
          },
          tx,
        );
        return updated;
      });
      if (before.icon && !/^https?:\/\//.test(before.icon)) {
        await app.storage
          .delete(before.icon)
          .catch((error: unknown) => request.log.warn({ err: error }, 'old icon not removed'));
      }
      return toPlan(row);
    },
  );
}
