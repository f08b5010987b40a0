import type { PromoTheme, ThemeImageKind, UpdatePromoThemeBody } from '@pult/contract';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../lib/http-errors';
import type { ServiceContext } from '../../../lib/service-context';
import type { CheckedImage } from '../../../storage/read-upload';
import { removeStoredFile, replaceStoredFile } from '../../../storage/replace-file';
import { seriesNotFound } from '../promo-errors';
import { themeOf } from './theme';
import { themeRepository as repo } from './theme-repository';

async function lockedTheme(tx: Db, id: number): Promise<PromoTheme> {
  const row = await repo.lock(tx, id);
  if (!row) throw seriesNotFound();
  return themeOf(row.theme);
}

/** Puts `key` (or nothing) in the theme's `kind` slot with its audit event; says which file it replaced. */
async function setImage(ctx: ServiceContext, tx: Db, id: number, kind: ThemeImageKind, key: string | null) {
  const before = await lockedTheme(tx, id);
  const after: PromoTheme = { ...before, images: { ...before.images, [kind]: key } };
  await repo.save(tx, id, after);
  const action = key ? (`theme-${kind}` as const) : (`theme-${kind}-removed` as const);
  await ctx.audit({ action, entity: 'promo-series', entityId: id, before: before.images, after: after.images }, tx);
  return { result: after, previous: before.images[kind] };
}

/** Images change only by upload or removal; a PATCH may repeat them as they are, never change them. */
function refuseImageChanges(before: PromoTheme, images: UpdatePromoThemeBody['images']) {
  const changed = Object.entries(images ?? {}).filter(
    ([kind, value]) => value !== undefined && before.images[kind as ThemeImageKind] !== value,
  );
  if (changed.length === 0) return;
  const fields = Object.fromEntries(changed.map(([kind]) => [`images.${kind}`, 'not_allowed' as const]));
  throw badRequest('VALIDATION_FAILED', 'images change only by uploading or removing a file', fields);
}

/** The landing-page theme of a series: colours, texts and three images, each uploaded or removed. */
export const themeService = {
  get: async (ctx: ServiceContext, id: number): Promise<PromoTheme> => {
    const row = await repo.find(ctx.db, id);
    if (!row) throw seriesNotFound();
    return themeOf(row.theme);
  },

  update: (ctx: ServiceContext, id: number, body: UpdatePromoThemeBody): Promise<PromoTheme> =>
    ctx.db.transaction(async (tx) => {
      const before = await lockedTheme(tx, id);
      refuseImageChanges(before, body.images);
      const after = themeOf({
        colors: { ...before.colors, ...body.colors },
        texts: { ...before.texts, ...body.texts },
        images: before.images,
      });
      await repo.save(tx, id, after);
      await ctx.audit({ action: 'update-theme', entity: 'promo-series', entityId: id, before, after }, tx);
      return after;
    }),

  /** The new file goes in first; the old one is removed once the theme points at the new one. */
  replaceImage: (ctx: ServiceContext, id: number, kind: ThemeImageKind, image: CheckedImage): Promise<PromoTheme> =>
    replaceStoredFile(ctx, image, (key) => ctx.db.transaction((tx) => setImage(ctx, tx, id, kind, key))),

  /** Removing an image that is not there changes nothing and answers the theme as it is. */
  removeImage: async (ctx: ServiceContext, id: number, kind: ThemeImageKind): Promise<PromoTheme> => {
    const { result, previous } = await ctx.db.transaction((tx) => setImage(ctx, tx, id, kind, null));
    await removeStoredFile(ctx, previous);
    return result;
  },
};
