import type { ColumnSetting, CreateViewBody, ListKey, UpdateViewBody } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { resourceKeys } from './keys';

/** A person's column settings per list (issue #15): read once per screen visit, written debounced. */
export const listColumnKeys = resourceKeys('list-columns');
/** Saved views per list: the caller's own and the shared ones. */
export const savedViewKeys = resourceKeys('saved-views');

export const useListColumnSettings = (listKey: ListKey | undefined) =>
  useQuery({
    queryKey: listColumnKeys.one(listKey ?? ''),
    queryFn: ({ signal }) => api.listViews.getColumns({ params: { listKey: listKey as ListKey } }, { signal }),
    enabled: listKey !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.columns,
  });

export const useSaveListColumns = (listKey: ListKey | undefined) => {
  const queryClient = useQueryClient();
  return {
    /** Shows the new settings at once; the caller sends them (debounced) with `send`. */
    show: (columns: ColumnSetting[]) => {
      if (listKey) queryClient.setQueryData(listColumnKeys.one(listKey), { listKey, columns });
    },
    send: (columns: ColumnSetting[], options?: { keepalive?: boolean }) =>
      listKey ? api.listViews.putColumns({ params: { listKey }, body: { columns } }, options) : Promise.resolve(null),
  };
};

export const useSavedViews = (listKey: ListKey | undefined) =>
  useQuery({
    queryKey: savedViewKeys.list({ listKey }),
    queryFn: ({ signal }) => api.listViews.listViews({ params: { listKey: listKey as ListKey } }, { signal }),
    enabled: listKey !== undefined,
    select: (page) => page.items,
  });

/** Every change to a view refreshes every list of views (another tab, another screen). */
export const useViewMutations = () => {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: savedViewKeys.all });
  return {
    create: useMutation({
      mutationFn: (input: { listKey: ListKey; body: CreateViewBody }) =>
        api.listViews.createView({ params: { listKey: input.listKey }, body: input.body }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: { id: number; body: UpdateViewBody }) =>
        api.listViews.updateView({ params: { id: input.id }, body: input.body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.listViews.deleteView({ params: { id } }), onSuccess }),
  };
};
