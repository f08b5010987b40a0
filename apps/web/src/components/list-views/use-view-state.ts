import type { SavedView, ViewState } from '@pult/contract';
import { useSearchParams } from 'react-router';
import type { ListColumnsControl } from './use-list-columns';

/** Not part of a view: a page number means nothing once the data changes. */
const TRANSIENT_PARAMS = new Set(['page']);

/**
 * A view is the list's URL (filters, sort, page size, the screen's tab) plus its columns: every
 * list keeps its state in the URL (`use-url-state`), so saving and applying need no screen code.
 */
export const useViewState = (columns: ListColumnsControl) => {
  const [params, setParams] = useSearchParams();

  const current = (): ViewState => ({
    query: Object.fromEntries([...params].filter(([name]) => !TRANSIENT_PARAMS.has(name))),
    columns: columns.configurable.map(({ key, visible }) => ({ key, visible })),
  });

  const apply = (view: SavedView) => {
    setParams(new URLSearchParams(view.state.query));
    if (view.state.columns) columns.change(view.state.columns);
  };

  return { current, apply };
};
