import { idParam, promoTheme, themeImageParams, updatePromoThemeBody } from '@pult/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promoSeries } from '../../db/schema';
import { uploadErrorResponses } from '../../lib/error-responses';
import { notFound } from '../../lib/http-errors';
import { readImageUpload } from '../../storage/read-upload';
import { themeOf } from './theme';

/** The landing-page theme of a series: colours, texts and three images (product.md §4). */
export async function promoThemeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  async function storedTheme(id: number) {
    const [row] = await app.db.select({ theme: promoSeries.theme }).from(promoSeries).where(eq(promoSeries.id, id));
    if (!row) throw notFound('Promo series not found');
    return themeOf(row.theme);
  }

  app.get(
    '/promo-codes/:id/theme',
    { schema: { tags: ['promo-codes'], params: idParam, response: { 200: promoTheme, ...uploadErrorResponses } } },
    async (request) => storedTheme(request.params.id),
  );

  app.patch(
    '/promo-codes/:id/theme',
    {
      schema: {
        tags: ['promo-codes'],
        params: idParam,
        body: updatePromoThemeBody,
        response: { 200: promoTheme, ...uploadErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const before = await storedTheme(id);
      const after = themeOf({
        colors: { ...before.colors, ...request.body.colors },
        texts: { ...before.texts, ...request.body.texts },
        images: before.images,
      });
      await app.db.transaction(async (tx) => {
        await tx.update(promoSeries).set({ theme: after }).where(eq(promoSeries.id, id));
        await request.audit({ action: 'update-theme', entity: 'promo-series', entityId: id, before, after }, tx);
      });
      return after;
    },
  );

  app.post(
    '/promo-codes/:id/:kind',
    {
      schema: {
        tags: ['promo-codes'],
        consumes: ['multipart/form-data'],
        params: themeImageParams,
        response: { 200: promoTheme, ...uploadErrorResponses },
      },
    },
    async (request) => {
      const { id, kind } = request.params;
      const before = await storedTheme(id);
      const image = await readImageUpload(request, 'image', `promo-${kind}s`, 'image');
      await app.storage.put(image.key, image.bytes, image.kind.contentType);
      const after = { ...before, images: { ...before.images, [kind]: image.key } };
      await app.db.transaction(async (tx) => {
        await tx.update(promoSeries).set({ theme: after }).where(eq(promoSeries.id, id));
        await request.audit(
          { action: `theme-${kind}`, entity: 'promo-series', entityId: id, before: before.images, after: after.images },
          tx,
        );
      });
      const old = before.images[kind];
      if (old && !/^https?:\/\//.test(old)) {
        await app.storage
          .delete(old)
          .catch((error: unknown) => request.log.warn({ err: error }, 'old theme image not removed'));
      }
      return after;
    },
  );
}
