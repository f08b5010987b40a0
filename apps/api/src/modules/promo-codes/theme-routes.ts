import { idParam, promoTheme, type ThemeImageKind, themeImageParams, updatePromoThemeBody } from '@pult/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { promoSeries } from '../../db/schema';
import { uploadErrorResponses } from '../../lib/error-responses';
import { notFound } from '../../lib/http-errors';
import { readImageUpload } from '../../storage/read-upload';
import { themeOf } from './theme';

/** The landing-page theme of a series: colours, texts and three images, each uploaded or removed (product.md §4). */
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

  /**
   * Puts `key` (or nothing) in the theme's `kind` slot with its audit event, then removes the file it
   * replaces; a file left behind by a failed removal is only logged, the theme is already right.
   */
  async function setImage(request: FastifyRequest, id: number, kind: ThemeImageKind, key: string | null) {
    const before = await storedTheme(id);
    const after = { ...before, images: { ...before.images, [kind]: key } };
    await app.db.transaction(async (tx) => {
      await tx.update(promoSeries).set({ theme: after }).where(eq(promoSeries.id, id));
      await request.audit(
        {
          action: key ? `theme-${kind}` : `theme-${kind}-removed`,
          entity: 'promo-series',
          entityId: id,
          before: before.images,
          after: after.images,
        },
        tx,
      );
    });
    const old = before.images[kind];
    if (old && old !== key && !/^https?:\/\//.test(old)) {
      await app.storage
        .delete(old)
        .catch((error: unknown) => request.log.warn({ err: error }, 'old theme image not removed'));
    }
    return after;
  }

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
      await storedTheme(id);
      const image = await readImageUpload(request, 'image', `promo-${kind}s`, 'image');
      await app.storage.put(image.key, image.bytes, image.kind.contentType);
      return setImage(request, id, kind, image.key);
    },
  );

  app.delete(
    '/promo-codes/:id/:kind',
    {
      schema: {
        tags: ['promo-codes'],
        params: themeImageParams,
        response: { 200: promoTheme, ...uploadErrorResponses },
      },
    },
    // Removing an image that is not there changes nothing and answers the theme as it is.
    async (request) => setImage(request, request.params.id, request.params.kind, null),
  );
}
