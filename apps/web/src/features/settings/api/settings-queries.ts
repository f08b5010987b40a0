import type { AuditFilters, UpdateSettingsBody } from '@pult/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLeafChanges } from '../../../lib/nested-fields';
import { resourceKeys } from '../../../lib/resources/keys';
import { configKeys } from '../../../lib/resources/public-config';

export const settingsKeys = resourceKeys('settings');
export const auditKeys = resourceKeys('audit-events');

export const useSettings = () =>
  useQuery({ queryKey: settingsKeys.one('system'), queryFn: ({ signal }) => api.settings.get({}, { signal }) });

/**
 * Saving also refreshes the public config: the project name in the header and title follows at once.
 * `version`: the settings' version the form was opened on, sent as If-Match (a stale one: 412 with the settings now).
 */
export const useSaveSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: UpdateSettingsBody; version?: number }) =>
      api.settings.update({ body }, { ifMatch: version }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKeys.one('system'), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: configKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
};

/** The settings' history (admins only), each group's parts as their own fields (the form's dotted paths). */
export const settingsRevisionsKey = [...settingsKeys.one('system'), 'revisions'] as const;
export const loadSettingsRevisions = (signal: AbortSignal) =>
  api.settings.revisions({}, { signal }).then(withLeafChanges);

/** Brings the settings back to a revision; the project name in the header follows, as after a save. */
export const useRestoreSettingsRevision = () => {
  const queryClient = useQueryClient();
  return (revisionId: number) =>
    api.settings.restoreRevision({ params: { revisionId } }).then(async (restored) => {
      queryClient.setQueryData(settingsKeys.one('system'), restored);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: configKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
      return restored;
    });
};

const AUDIT_PAGE = 50;

/** The audit log in keyset pages: «more» asks for the events older than the last one shown. */
export const useAuditEvents = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.audit.list({ query: { ...filters, take: AUDIT_PAGE, cursor: pageParam } }, { signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const backupKeys = resourceKeys('backups');

/** The latest backup and the schedule (made by `npm run backup` and BACKUP_CRON; the API only reports them). */
export const useBackupStatus = () =>
  useQuery({ queryKey: backupKeys.one('status'), queryFn: ({ signal }) => api.backups.status({}, { signal }) });
