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

/** With `id` it changes the channel; without, creates one. 409 TG_USERNAME_TAKEN names `username`. */
export const useSaveChannel = () =>
  useTelegramMutation((body: SaveTgChannelBody) => api.telegramChannels.saveChannel({ body }));

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

export const useSaveCategory = () =>
  useTelegramMutation((body: SaveTgCategoryBody) => api.telegramChannels.saveCategory({ body }));

export const useDeleteCategory = () =>
  useTelegramMutation(({ id, moveTo }: { id: number; moveTo?: number }) =>
    api.telegramChannels.deleteCategory({ params: { id }, query: moveTo === undefined ? {} : { moveTo } }),
  );

/** The whole layout; 409 TG_ORDER_STALE when the page missed a change made meanwhile. */
export const useReorder = () => useTelegramMutation((body: ReorderTgBody) => api.telegramChannels.reorder({ body }));
