import type { ColumnSetting, ListKey } from '@pult/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';
import { useListColumnSettings, useSaveListColumns } from '../../lib/resources/list-views';
import { arrangeColumns, type ColumnLike, type ConfigurableColumn, configurableColumns } from './arrange-columns';

/** Clicks in a row (hide, move, move again) become one request, sent this long after the last. */
const SAVE_DELAY_MS = 400;

export interface ListColumnsControl {
  /** The screen's columns that can be shown, hidden and moved, in the person's order. */
  configurable: ConfigurableColumn[];
  /** New settings: shown at once, saved shortly after (an empty list returns to the defaults). */
  change: (columns: ColumnSetting[]) => void;
}

/**
 * The person's column settings for a list, kept on the server (issue #15): the table gets its
 * columns arranged and filtered by them, the «Столбцы» control gets what to change. Without a
 * list key the columns pass through untouched, so screens opt in.
 */
export const useListColumns = <C extends ColumnLike>(listKey: ListKey | undefined, columns: readonly C[]) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const settings = useListColumnSettings(listKey);
  const loaded = settings.data;
  // What this screen last chose, shown in the same render as the click (the cache notifies later,
  // which would let a controlled checkbox flip back for a moment).
  const [chosen, setChosen] = useState<ColumnSetting[] | null>(null);
  const stored = chosen ?? loaded ?? [];
  const { show, send } = useSaveListColumns(listKey);
  const pending = useRef<{ columns: ColumnSetting[]; timer: ReturnType<typeof setTimeout> } | null>(null);
  const latest = useRef({ send, message, t });
  latest.current = { send, message, t };

  const flush = useCallback((options?: { keepalive?: boolean }) => {
    const next = pending.current;
    if (!next) return;
    clearTimeout(next.timer);
    pending.current = null;
    const { send: save, message: notify, t: translate } = latest.current;
    save(next.columns, options).catch(() => notify.error(translate('listViews.columns.saveError')));
  }, []);

  // Leaving the screen sends what is still waiting rather than dropping it; so does leaving the page (a
  // reload, a closed tab, a link elsewhere), where React unmounts nothing: a request that outlives the page.
  useEffect(() => {
    const sendBeforeLeaving = () => flush({ keepalive: true });
    window.addEventListener('pagehide', sendBeforeLeaving);
    return () => {
      window.removeEventListener('pagehide', sendBeforeLeaving);
      flush();
    };
  }, [flush]);

  const change = useCallback(
    (next: ColumnSetting[]) => {
      setChosen(next);
      show(next);
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { columns: next, timer: setTimeout(() => flush(), SAVE_DELAY_MS) };
    },
    [show, flush],
  );

  const control: ListColumnsControl = { configurable: configurableColumns(columns, stored), change };
  return {
    columns: listKey ? arrangeColumns(columns, stored) : [...columns],
    control,
    // Known, or given up on (a failed read leaves the defaults): rows drawn before would be drawn again,
    // moved, when the person's order arrives a moment after the page.
    settled: !listKey || !settings.isPending,
  };
};
