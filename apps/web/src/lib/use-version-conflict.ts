import { useState } from 'react';
import { staleRecordOf } from './stale-version';

/** A save refused for a stale version: the record as it is now, and what the person tried to save. */
export interface VersionConflict<R, V> {
  now: R;
  values: V;
}

/**
 * The conflict dialog's state for a form that saves with If-Match (docs/decisions/0036): a 412 opens it,
 * «keep mine» sends the person's changes again over the newer version. One way for every drawer that
 * edits a versioned record.
 */
export const useVersionConflict = <R extends { version: number }, V>() => {
  const [conflict, setConflict] = useState<VersionConflict<R, V> | null>(null);
  return {
    conflict,
    /** Opens the dialog when `error` is a stale-version refusal; false for any other failure. */
    catchStale(error: unknown, values: V): boolean {
      const now = staleRecordOf<R>(error);
      if (now) setConflict({ now, values });
      return now !== null;
    },
    close: () => setConflict(null),
    /**
     * «Keep mine»: `save` sends the person's values again over the record as it is now (its version; a
     * form that merges field by field reads `now`). A third save meanwhile opens the dialog again over
     * it; any other refusal (a taken name) closes the dialog and goes to `onError`, next to the fields.
     */
    keepMine(save: (conflict: VersionConflict<R, V>) => Promise<unknown>, onError: (error: unknown) => void) {
      if (!conflict) return;
      const { values } = conflict;
      void save(conflict).catch((error: unknown) => {
        const newer = staleRecordOf<R>(error);
        if (newer) return setConflict({ now: newer, values });
        setConflict(null);
        onError(error);
      });
    },
  };
};
