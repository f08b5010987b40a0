import { z } from 'zod';
import { dbId } from './common';
import { listQuery } from './list-query';
import { recordVersion } from './versions';

/**
 * A Telegram public name as t.me uses it: 5–32 letters, digits and underscores, starting with a
 * letter, no trailing or doubled underscore. People paste `@name` or a t.me link, so both are
 * accepted and reduced to the bare name (stored without `@`).
 */
export const TG_USERNAME_PATTERN = /^[A-Za-z](?:[A-Za-z0-9]|_(?!_)){3,30}[A-Za-z0-9]$/;

export const tgUsername = z
  .string()
  .trim()
  .transform((value) => value.replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\//i, '').replace(/^@/, ''))
  .pipe(z.string().regex(TG_USERNAME_PATTERN, { message: 'not a Telegram public name' }));

export const tgChannel = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Without `@`: the channel is at `https://t.me/<username>`. */
    username: z.string(),
    description: z.string(),
    categoryId: z.number().int(),
    /** A stored file path (relative to the files base) or a full URL; null without an icon. */
    icon: z.string().nullable(),
    sortOrder: z.number().int(),
    published: z.boolean(),
    /** The member count Telegram last reported; null until first checked. */
    subscribers: z.number().int().nullable(),
    /** When the channel was last refreshed from Telegram. */
    checkedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: recordVersion,
  })
  .meta({ id: 'TgChannel' });
export type TgChannel = z.infer<typeof tgChannel>;

export const tgCategory = z
  .object({
    id: z.number().int(),
    title: z.string(),
    sortOrder: z.number().int(),
    /** How many channels it holds (a category is deleted only when empty, or with a target for them). */
    channelsCount: z.number().int(),
    createdAt: z.string(),
    version: recordVersion,
  })
  .meta({ id: 'TgCategory' });
export type TgCategory = z.infer<typeof tgCategory>;

/** The channel list: the SPA asks for every channel at once (the seed's take 1000), so take goes up to 1000 here. */
export const tgChannelsQuery = listQuery({}, { maxTake: 1000 });

export const tgChannelsPage = z.object({
  items: z.array(tgChannel),
  count: z.number().int().nonnegative(),
  /** Whether «Обновить из Telegram» can work here (TELEGRAM_BOT_TOKEN is set). */
  telegramConfigured: z.boolean(),
});
export type TgChannelsPage = z.infer<typeof tgChannelsPage>;

const required = (ctx: z.RefinementCtx, field: string) =>
  ctx.addIssue({ code: 'custom', path: [field], message: 'required to create', params: { code: 'required' } });

/** `POST /common/tg-channels`: with `id` it changes that channel (only the fields sent), without it creates one. */
export const saveTgChannelBody = z
  .object({
    id: dbId.optional(),
    title: z.string().trim().min(1).max(200).optional(),
    username: tgUsername.optional(),
    description: z.string().trim().max(2000).optional(),
    categoryId: dbId.optional(),
    published: z.boolean().optional(),
    sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.id !== undefined) return;
    if (body.title === undefined) required(ctx, 'title');
    if (body.username === undefined) required(ctx, 'username');
    if (body.categoryId === undefined) required(ctx, 'categoryId');
  });
export type SaveTgChannelBody = z.input<typeof saveTgChannelBody>;

/** `POST /common/tg-categories`: with `id` it renames or moves that category, without it creates one. */
export const saveTgCategoryBody = z
  .object({
    id: dbId.optional(),
    title: z.string().trim().min(1).max(100).optional(),
    sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.id === undefined && body.title === undefined) required(ctx, 'title');
  });
export type SaveTgCategoryBody = z.input<typeof saveTgCategoryBody>;

export const deleteTgCategoryQuery = z.object({
  /** Where the category's channels go; without it a category that has channels is not deleted. */
  moveTo: dbId.optional(),
});

/**
 * The whole layout in one call: every category in its new order, each with every one of its
 * channels in order. A layout that misses or repeats a row (the page was stale) is refused whole.
 */
export const reorderTgBody = z
  .object({
    categories: z.array(z.object({ id: dbId, channelIds: z.array(dbId).max(10_000) }).strict()).max(1000),
  })
  .strict();
export type ReorderTgBody = z.input<typeof reorderTgBody>;

/** What the planner app shows: published channels, grouped by category, both in their order. */
export const clientTgChannelsResponse = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      channels: z.array(
        z.object({
          id: z.number().int(),
          title: z.string(),
          username: z.string(),
          description: z.string(),
          /** A full URL, or null without an icon. */
          icon: z.string().nullable(),
          subscribers: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type ClientTgChannels = z.infer<typeof clientTgChannelsResponse>;
