import { useCallback, useState } from 'react';

const KEY = 'tg-board-folded';

const read = (): Set<number> => {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(raw) ? raw.filter((id): id is number => Number.isSafeInteger(id)) : []);
  } catch {
    return new Set();
  }
};

/**
 * The board's folded categories, kept in this browser: a person who folded the ten categories they do
 * not work on finds them folded next time. A category deleted since is simply never asked about.
 */
export const useFoldedCategories = () => {
  const [folded, setFolded] = useState(read);
  const update = useCallback((next: Set<number>) => {
    setFolded(next);
    try {
      localStorage.setItem(KEY, JSON.stringify([...next]));
    } catch {
      // Private mode or a full storage: the folds last as long as the page.
    }
  }, []);
  const fold = useCallback(
    (id: number, value: boolean) => {
      const next = new Set(folded);
      if (value) next.add(id);
      else next.delete(id);
      update(next);
    },
    [folded, update],
  );
  const foldAll = useCallback((ids: number[], value: boolean) => update(value ? new Set(ids) : new Set()), [update]);
  return { folded, fold, foldAll };
};
