import type { CreateNoteBody, NotesQuery, UpdateNoteBody } from '@pult/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { resourceKeys } from '../../../lib/resources/keys';

const noteResource = resourceKeys('notes');
export const noteKeys = {
  ...noteResource,
  tags: () => ['notes', 'tags'] as const,
  /** Under the note's own key, and by its version: an edit asks for a new card. */
  card: (id: number, updatedAt: string | undefined) => [...noteResource.one(id), 'card', updatedAt] as const,
};

export const notesQueryOptions = (query: NotesQuery) =>
  queryOptions({
    queryKey: noteKeys.list(query),
    queryFn: ({ signal }) => api.notes.list({ query }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useNotes = (query: NotesQuery) => useQuery(notesQueryOptions(query));

export const useNote = (id: number | undefined) =>
  useQuery({
    queryKey: noteKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.notes.get({ params: { id: id ?? 0 } }, { signal }),
    enabled: id !== undefined,
  });

/** Tags in use, most used first: the editor's suggestions. */
export const useNoteTags = () =>
  useQuery({
    queryKey: noteKeys.tags(),
    queryFn: ({ signal }) => api.notes.tags(undefined, { signal }),
    staleTime: 60_000,
  });

const useInvalidateNotes = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: noteKeys.all });
};

/** Create or change a note; every view of notes refreshes after. */
export const useSaveNote = () => {
  const invalidate = useInvalidateNotes();
  return useMutation({
    /** `version`: the note's version the form was opened on, sent as If-Match (a stale one: 412). */
    mutationFn: ({ id, body, version }: { id?: number; body: CreateNoteBody | UpdateNoteBody; version?: number }) =>
      id === undefined
        ? api.notes.create({ body: body as CreateNoteBody })
        : api.notes.update({ params: { id }, body }, { ifMatch: version }),
    onSuccess: invalidate,
  });
};

export const useArchiveNote = () => {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      archive ? api.notes.archive({ params: { id } }) : api.notes.restore({ params: { id } }),
    onSuccess: invalidate,
  });
};

export const useUploadCover = () => {
  const invalidate = useInvalidateNotes();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: Blob }) => api.notes.uploadCover({ params: { id }, file }),
    onSuccess: invalidate,
  });
};

/** The share card's URL; drawn on the server the first time, cached by content after. */
export const useShareCard = (id: number, enabled: boolean, updatedAt: string | undefined) =>
  useQuery({
    queryKey: noteKeys.card(id, updatedAt),
    queryFn: ({ signal }) => api.notes.shareCard({ params: { id } }, { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The note's «История»: its revisions, newest first, under the note's own key. */
export const noteRevisionsKey = (id: number) => [...noteKeys.one(id), 'revisions'] as const;
export const loadNoteRevisions = (id: number, signal: AbortSignal) =>
  api.notes.revisions({ params: { id } }, { signal });
export const restoreNoteRevision = (id: number, revisionId: number) =>
  api.notes.restoreRevision({ params: { id, revisionId } });
