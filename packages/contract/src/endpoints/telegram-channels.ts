import { idParam, okResponse, paged } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  deleteTgCategoryQuery,
  reorderTgBody,
  saveTgCategoryBody,
  saveTgChannelBody,
  tgCategory,
  tgChannel,
  tgChannelsPage,
  tgChannelsQuery,
} from '../telegram-channels';
import { historyEndpoints } from './revisions';

const staff = ['admin', 'editor'] as const;

const channelHistory = historyEndpoints({
  path: '/common/tg-channels/:id',
  name: 'TgChannel',
  tag: 'telegram-channels',
  access: staff,
  record: tgChannel,
  restoreErrors: [400, 404, 409, 412],
});
const categoryHistory = historyEndpoints({
  path: '/common/tg-categories/:id',
  name: 'TgCategory',
  tag: 'telegram-channels',
  access: staff,
  record: tgCategory,
  restoreErrors: [400, 404, 409, 412],
});

/** Telegram channels and their categories, the seed's "Common" calls plus ordering and the Bot API refresh. */
export const telegramChannelsEndpoints = {
  listChannels: defineEndpoint({
    method: 'GET',
    path: '/common/tg-channels',
    operationId: 'listTgChannels',
    summary: 'Telegram channels in their order',
    description:
      'Ordered by category, then by position within it. The SPA asks take=1000 to get them all; take goes up to 1000 here.',
    tag: 'telegram',
    access: staff,
    query: tgChannelsQuery,
    response: tgChannelsPage,
    errors: [],
  }),
  saveChannel: defineEndpoint({
    method: 'POST',
    path: '/common/tg-channels',
    operationId: 'saveTgChannel',
    summary: 'Create a channel, or change one (with `id`)',
    description:
      'Without `id` title, username and categoryId are required; with `id` only the fields sent change. ' +
      'The username is a Telegram public name (`@name` and t.me links are accepted), stored without `@`, ' +
      'unique case-insensitively: 409 TG_USERNAME_TAKEN. A new channel goes last in its category. ' +
      '404 TG_CHANNEL_NOT_FOUND, TG_CATEGORY_NOT_FOUND.',
    tag: 'telegram',
    access: staff,
    body: saveTgChannelBody,
    response: tgChannel,
    errors: [404, 409],
    versioned: true,
  }),
  deleteChannel: defineEndpoint({
    method: 'DELETE',
    path: '/common/tg-channels/:id',
    operationId: 'deleteTgChannel',
    summary: 'Delete a channel',
    tag: 'telegram',
    access: staff,
    params: idParam,
    response: okResponse,
    errors: [404],
  }),
  uploadChannelIcon: defineEndpoint({
    method: 'POST',
    path: '/common/tg-channels/:id/icon',
    operationId: 'uploadTgChannelIcon',
    summary: "Replace a channel's icon; answers the icon's URL as text",
    description:
      'Multipart field `icon`: PNG, JPEG or WebP up to 1 MB, checked by content. The answer is the URL, as plain text.',
    tag: 'telegram',
    access: staff,
    params: idParam,
    upload: 'icon',
    response: 'text',
    errors: [404, 413, 415],
  }),
  refreshChannel: defineEndpoint({
    method: 'POST',
    path: '/common/tg-channels/:id/refresh',
    operationId: 'refreshTgChannel',
    summary: 'Update a channel from Telegram (title, description, photo, members)',
    description:
      'Through the Bot API (getChat, getChatMemberCount, getFile). 503 TELEGRAM_NOT_CONFIGURED without ' +
      'TELEGRAM_BOT_TOKEN; 404 TELEGRAM_CHAT_NOT_FOUND for a name Telegram does not know or a private channel; ' +
      '409 TELEGRAM_NOT_A_CHANNEL for a user, bot or group; 429 with Retry-After when Telegram asks to wait; ' +
      '502 TELEGRAM_ERROR when Telegram fails.',
    tag: 'telegram',
    access: staff,
    params: idParam,
    response: tgChannel,
    errors: [404, 409, 429, 502, 503],
    versioned: true,
  }),
  reorder: defineEndpoint({
    method: 'POST',
    path: '/common/tg-channels/reorder',
    operationId: 'reorderTgChannels',
    summary: 'Set the order of every category and channel in one call',
    description:
      'The whole layout: each category once, in order, with each of its channels once, in order (a channel ' +
      'listed under another category moves there). A layout that misses or repeats a category or channel ' +
      'answers 409 TG_ORDER_STALE and changes nothing.',
    tag: 'telegram',
    access: staff,
    body: reorderTgBody,
    response: okResponse,
    errors: [409],
  }),
  listCategories: defineEndpoint({
    method: 'GET',
    path: '/common/tg-categories',
    operationId: 'listTgCategories',
    summary: 'Every channel category in its order, with its channel count',
    tag: 'telegram',
    access: staff,
    response: paged(tgCategory),
    errors: [],
  }),
  saveCategory: defineEndpoint({
    method: 'POST',
    path: '/common/tg-categories',
    operationId: 'saveTgCategory',
    summary: 'Create a category, or rename one (with `id`)',
    description: 'Titles are unique case-insensitively: 409 TG_CATEGORY_TITLE_TAKEN. A new category goes last.',
    tag: 'telegram',
    access: staff,
    body: saveTgCategoryBody,
    response: tgCategory,
    errors: [404, 409],
    versioned: true,
  }),
  deleteCategory: defineEndpoint({
    method: 'DELETE',
    path: '/common/tg-categories/:id',
    operationId: 'deleteTgCategory',
    summary: 'Delete a category, moving its channels to `moveTo`',
    description:
      'A category with channels is deleted only with `moveTo` (another category; its channels go to its end): ' +
      'without it 409 TG_CATEGORY_NOT_EMPTY. 404 TG_CATEGORY_NOT_FOUND for either id.',
    tag: 'telegram',
    access: staff,
    params: idParam,
    query: deleteTgCategoryQuery,
    response: okResponse,
    errors: [404, 409],
  }),
  channelRevisions: channelHistory.revisions,
  restoreChannelRevision: channelHistory.restoreRevision,
  categoryRevisions: categoryHistory.revisions,
  restoreCategoryRevision: categoryHistory.restoreRevision,
};
