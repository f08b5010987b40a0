import type { ReorderTgBody, SaveTgCategoryBody, SaveTgChannelBody } from '@pult/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

export const tgChannelKeys = resourceKeys('tg-channels');
export const tgCategoryKeys = resourceKeys('tg-categories');

/** Every channel at once: the screens sort, group and search them in the browser (the seed asks take=1000). */
export const ALL_CHANNELS = { take: 1000, page: 1 } as const;

export const tgChannelsQueryOptions = () =>
  queryOptions({
    queryKey: tgChannelKeys.list(ALL_CHANNELS),
    queryFn: ({ signal }) => api.telegramChannels.listChannels({ query: ALL_CHANNELS }, { signal }),
  });

export const tgCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: tgCategoryKeys.list(),
    queryFn: ({ signal }) => api.telegramChannels.listCategories({}, { signal }),
  });

export const useTgChannels = () => useQuery(tgChannelsQueryOptions());
export const useTgCategories = () => useQuery(tgCategoriesQueryOptions());

/** Channels and categories change each other (counts, moves), so any change reloads both. */
const useInvalidateTelegram = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tgChannelKeys.all }),
      queryClient.invalidateQueries({ queryKey: tgCategoryKeys.all }),
    ]);
};

const useTelegramMutation = <I, O>(mutationFn: (input: I) => Promise<O>) => {
  const invalidate = useInvalidateTelegram();
  return useMutation({ mutationFn, onSettled: () => invalidate() });
};

/**
 * With `id` it changes the channel; without, creates one. 409 TG_USERNAME_TAKEN names `username`.
 * `version`: the channel's version the form was opened on, sent as If-Match (a stale one: 412 STALE_VERSION).
 */
export const useSaveChannel = () =>
  useTelegramMutation(({ version, ...body }: SaveTgChannelBody & { version?: number }) =>
    api.telegramChannels.saveChannel({ body }, { ifMatch: version }),
  );

export const useDeleteChannel = () =>
  useTelegramMutation((id: number) => api.telegramChannels.deleteChannel({ params: { id } }));

/** Answers the icon's URL as text. */
export const useUploadChannelIcon = () =>
  useTelegramMutation(({ id, file }: { id: number; file: Blob }) =>
    api.telegramChannels.uploadChannelIcon({ params: { id }, file }),
  );

/** «Обновить из Telegram»: 503 TELEGRAM_NOT_CONFIGURED, 404 TELEGRAM_CHAT_NOT_FOUND, 409 TELEGRAM_NOT_A_CHANNEL. */
export const useRefreshChannel = () =>
  useTelegramMutation((id: number) => api.telegramChannels.refreshChannel({ params: { id } }));

/** `version`: the category's version when its title was opened for editing, sent as If-Match (stale: 412). */
export const useSaveCategory = () =>
  useTelegramMutation(({ version, ...body }: SaveTgCategoryBody & { version?: number }) =>
    api.telegramChannels.saveCategory({ body }, { ifMatch: version }),
  );

export const useDeleteCategory = () =>
  useTelegramMutation(({ id, moveTo }: { id: number; moveTo?: number }) =>
    api.telegramChannels.deleteCategory({ params: { id }, query: moveTo === undefined ? {} : { moveTo } }),
  );

/** The whole layout; 409 TG_ORDER_STALE when the page missed a change made meanwhile. */
export const useReorder = () => useTelegramMutation((body: ReorderTgBody) => api.telegramChannels.reorder({ body }));

/** A channel's «История», under the channel's own key. */
export const channelRevisionsKey = (id: number) => [...tgChannelKeys.all, 'one', id, 'revisions'] as const;
export const loadChannelRevisions = (id: number, signal: AbortSignal) =>
  api.telegramChannels.channelRevisions({ params: { id } }, { signal });
export const restoreChannelRevision = (id: number, revisionId: number) =>
  api.telegramChannels.restoreChannelRevision({ params: { id, revisionId } });

/** A category's «История», under the category's own key. */
export const categoryRevisionsKey = (id: number) => [...tgCategoryKeys.all, 'one', id, 'revisions'] as const;
export const loadCategoryRevisions = (id: number, signal: AbortSignal) =>
  api.telegramChannels.categoryRevisions({ params: { id } }, { signal });
export const restoreCategoryRevision = (id: number, revisionId: number) =>
  api.telegramChannels.restoreCategoryRevision({ params: { id, revisionId } });
