import type { ComponentType } from 'react';
import type { BulkRun } from './bulk-run-dialog';
import { onFirstOpen } from './on-first-open';

export type { BulkRun, BulkRunReport } from './bulk-run-dialog';

interface Props<K> {
  request: BulkRun<K> | null;
  onClose: () => void;
}

// The dialog (antd's Modal, Result, Descriptions, List) is downloaded with the first bulk run, not with
// the list screens that offer one.
const BulkRunDialog = onFirstOpen<Props<string | number>>(
  'bulk-run-dialog',
  () =>
    import('./bulk-run-dialog').then(
      // why: lazy loading loses the generic; the props are the same for every row key type
      (m) => m.BulkRunDialog as ComponentType<Props<string | number>>,
    ),
  (props) => props.request !== null,
);

/** The two-step bulk dialog (preview, then the real run); see `bulk-run-dialog.tsx`. */
export const BulkRunModal = <K extends string | number>({ request, onClose }: Props<K>) => (
  // why: the dialog hands the row keys of a request's own report back to that request's callbacks
  <BulkRunDialog request={request as BulkRun<string | number> | null} onClose={onClose} />
);
