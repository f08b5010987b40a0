import { type ComponentType, lazy, Suspense, useState } from 'react';
import type { BulkRun } from './bulk-run-dialog';

export type { BulkRun, BulkRunReport } from './bulk-run-dialog';

interface Props<K> {
  request: BulkRun<K> | null;
  onClose: () => void;
}

// The dialog (antd's Modal, Result, Descriptions, List) is downloaded with the first bulk run, not with
// the list screens that offer one.
const BulkRunDialog = lazy(() =>
  import('./bulk-run-dialog').then((m) => ({
    // why: lazy() loses the generic; the props are the same for every row key type
    default: m.BulkRunDialog as ComponentType<Props<string | number>>,
  })),
);

/** The two-step bulk dialog (preview, then the real run); see `bulk-run-dialog.tsx`. */
export const BulkRunModal = <K extends string | number>({ request, onClose }: Props<K>) => {
  // Once opened, the dialog stays mounted, so it closes as a modal does instead of vanishing.
  const [opened, setOpened] = useState(false);
  if (request && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      {/* why: the dialog hands the row keys of a request's own report back to that request's callbacks */}
      <BulkRunDialog request={request as BulkRun<string | number> | null} onClose={onClose} />
    </Suspense>
  );
};
