import type { PromoTheme, PromoThemeAnswer, ThemeImageKind, UpdatePromoThemeBody } from '@pult/contract';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../lib/http-errors';
import type { ServiceContext } from '../../../lib/service-context';
import { staleVersion } from '../../../lib/versions';
import type { CheckedImage } from '../../../storage/read-upload';
import { removeStoredFile, replaceStoredFile } from '../../../storage/replace-file';
import { seriesNotFound } from '../promo-errors';
import { themeOf } from './theme';
import { themeRepository as repo } from './theme-repository';

async function lockedTheme(tx: Db, id: number): Promise<PromoThemeAnswer> {
  const row = await repo.lock(tx, id);
  if (!row) throw seriesNotFound();
  return { ...themeOf(row.theme), version: row.version };
}

/**
 * Saves the theme over the version the caller read (If-Match): the row is locked, so a save that
 * matched nothing was asked for a version it no longer has (412 with the theme as it is).
 */
async function save(ctx: ServiceContext, tx: Db, id: number, before: PromoThemeAnswer, after: PromoTheme) {
  const version = await repo.save(tx, id, after, ctx.ifMatch);
  if (version === undefined) throw staleVersion(before);
  return { ...after, version };
}

const themeOnly = ({ version: _version, ...theme }: PromoThemeAnswer): PromoTheme => theme;

/** Puts `key` (or nothing) in the theme's `kind` slot with its audit event; says which file it replaced. */
async function setImage(ctx: ServiceContext, tx: Db, id: number, kind: ThemeImageKind, key: string | null) {
  const before = await lockedTheme(tx, id);
  const theme = themeOnly(before);
  const saved = await save(ctx, tx, id, before, { ...theme, images: { ...theme.images, [kind]: key } });
  const action = key ? (`theme-${kind}` as const) : (`theme-${kind}-removed` as const);
  await ctx.audit({ action, entity: 'promo-series', entityId: id, before: before.images, after: saved.images }, tx);
  return { result: saved, previous: before.images[kind] };
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
  get: async (ctx: ServiceContext, id: number): Promise<PromoThemeAnswer> => {
    const row = await repo.find(ctx.db, id);
    if (!row) throw seriesNotFound();
    return { ...themeOf(row.theme), version: row.version };
  },

  update: (ctx: ServiceContext, id: number, body: UpdatePromoThemeBody): Promise<PromoThemeAnswer> =>
    ctx.db.transaction(async (tx) => {
      const before = await lockedTheme(tx, id);
      refuseImageChanges(before, body.images);
      const after = themeOf({
        colors: { ...before.colors, ...body.colors },
        texts: { ...before.texts, ...body.texts },
        images: before.images,
      });
      const saved = await save(ctx, tx, id, before, after);
      await ctx.audit(
        { action: 'update-theme', entity: 'promo-series', entityId: id, before: themeOnly(before), after },
        tx,
      );
      return saved;
    }),

  /** The new file goes in first; the old one is removed once the theme points at the new one. */
  replaceImage: (
    ctx: ServiceContext,
    id: number,
    kind: ThemeImageKind,
    image: CheckedImage,
  ): Promise<PromoThemeAnswer> =>
    replaceStoredFile(ctx, image, (key) => ctx.db.transaction((tx) => setImage(ctx, tx, id, kind, key))),

  /** Removing an image that is not there changes nothing and answers the theme as it is. */
  removeImage: async (ctx: ServiceContext, id: number, kind: ThemeImageKind): Promise<PromoThemeAnswer> => {
    const { result, previous } = await ctx.db.transaction((tx) => setImage(ctx, tx, id, kind, null));
    await removeStoredFile(ctx, previous);
    return result;
  },
};
