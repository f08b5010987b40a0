import type { SaveTgChannelBody, TgChannel, TgChannelsPage } from '@pult/contract';
import { saveTgChannelBody } from '@pult/contract';
import { conflictOnUnique } from '../../../lib/pg-errors';
import type { ServiceContext } from '../../../lib/service-context';
import { staleVersion } from '../../../lib/versions';
import { storedFileUrl } from '../../../storage/file-url';
import type { CheckedImage } from '../../../storage/read-upload';
import { removeStoredFile, replaceFileColumn } from '../../../storage/replace-file';
import { categoriesRepository } from '../categories/categories-repository';
import { categoryNotFound, channelNotFound } from '../telegram-errors';
import { type ChannelRow, toChannel } from './channel-row';
import { channelsRepository as repo } from './channels-repository';

/** A taken name is a unique violation of the case-insensitive index. */
const withUniqueUsername = conflictOnUnique(
  'TG_USERNAME_TAKEN',
  'A channel with this username already exists',
  'username',
);

/** A manual icon replaces the Telegram photo, so the next refresh fetches that photo again. */
const iconColumn = {
  lock: repo.lock,
  update: (
    tx: Parameters<typeof repo.update>[0],
    id: number,
    changes: { icon: string; updatedAt: Date },
    expected?: number,
  ) => repo.update(tx, id, { ...changes, telegramPhotoId: null }, expected),
};

/** The rules about channels: unique public names, a category that exists, audited changes. */
export const channelsService = {
  page: async (ctx: ServiceContext, take: number, page: number): Promise<TgChannelsPage> => {
    const [rows, count] = await Promise.all([repo.page(ctx.db, take, (page - 1) * take), repo.count(ctx.db)]);
    return { items: rows.map(toChannel), count, telegramConfigured: Boolean(ctx.deps.telegram) };
  },

  /** With `id`: changes only the fields sent; without: creates (the schema made title, username, category required). */
  save: (ctx: ServiceContext, body: SaveTgChannelBody): Promise<TgChannel> => {
    const { id, ...fields } = saveTgChannelBody.parse(body);
    return withUniqueUsername(() =>
      ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        if (id === undefined) {
          const { title, username, categoryId } = fields;
          if (title === undefined || username === undefined || categoryId === undefined)
            throw new Error('create without required fields');
          if (!(await categoriesRepository.share(tx, categoryId))) throw categoryNotFound();
          const sortOrder = fields.sortOrder ?? (await repo.nextPlace(tx, categoryId));
          const row = await repo.insert(tx, {
            ...fields,
            title,
            username,
            categoryId,
            sortOrder,
            createdAt: now,
            updatedAt: now,
          });
          await ctx.audit({ action: 'create', entity: 'tg-channel', entityId: row.id, after: toChannel(row) }, tx);
          return toChannel(row);
        }
        // Category before channel: the order every writer here locks in, so none can deadlock another.
        if (fields.categoryId !== undefined && !(await categoriesRepository.share(tx, fields.categoryId)))
          throw categoryNotFound();
        const before = await repo.lock(tx, id);
        if (!before) throw channelNotFound();
        if (fields.categoryId !== undefined && fields.categoryId !== before.categoryId)
          // A channel moved to another category goes to its end unless a place is given.
          fields.sortOrder ??= await repo.nextPlace(tx, fields.categoryId);
        const row = await repo.update(tx, id, { ...fields, updatedAt: now }, ctx.ifMatch);
        // The row is locked: an update that matched nothing was asked for a version it no longer has.
        if (!row) throw staleVersion(toChannel(before));
        await ctx.audit(
          { action: 'update', entity: 'tg-channel', entityId: id, before: toChannel(before), after: toChannel(row) },
          tx,
        );
        return toChannel(row);
      }),
    );
  },

  remove: async (ctx: ServiceContext, id: number): Promise<void> => {
    const row = await ctx.db.transaction(async (tx) => {
      const removed = await repo.remove(tx, id);
      if (!removed) throw channelNotFound();
      await ctx.audit({ action: 'delete', entity: 'tg-channel', entityId: id, before: toChannel(removed) }, tx);
      return removed;
    });
    await removeStoredFile(ctx, row.icon);
  },

  /** Replaces the icon; the answer is the icon's absolute URL. */
  replaceIcon: async (ctx: ServiceContext, id: number, icon: CheckedImage): Promise<string> => {
    const row: ChannelRow = await replaceFileColumn(ctx, icon, {
      entity: 'tg-channel',
      id,
      column: 'icon',
      repo: iconColumn,
      notFound: channelNotFound,
      answer: toChannel,
    });
    return storedFileUrl(ctx, row.icon ?? icon.key);
  },
};
