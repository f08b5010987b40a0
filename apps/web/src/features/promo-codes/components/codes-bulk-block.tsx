import { StopOutlined } from '@ant-design/icons';
import { BULK_LIMIT } from '@pult/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkActionBar } from '../../../components/bulk-action-bar';
import { type BulkRun, BulkRunModal } from '../../../components/bulk-run-modal';
import { useUndoOffer } from '../../../components/undo-offer';
import { promoKeys } from '../api/keys';
import { blockCodes } from '../api/promo-codes';

/** The generated codes' bar for chosen codes: «Заблокировать выбранные», previewed, then confirmed. */
export const CodesBulkBlock = ({
  seriesId,
  codes,
  onClear,
}: {
  seriesId: number;
  codes: string[];
  onClear: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<BulkRun<string> | null>(null);
  const [finished, setFinished] = useState(false);
  const offerUndo = useUndoOffer();

  const open = () =>
    setRequest({
      title: t('promoCodes.bulk.title', { value: codes.length }),
      okText: t('promoCodes.block.action'),
      danger: true,
      run: async (dryRun) => {
        const report = await blockCodes(seriesId, codes, dryRun);
        // A real block can be undone for 10 seconds: exactly these codes, unless someone changed them since.
        if (report.undo)
          offerUndo(report.undo, {
            title: t('versions.undo.blocked', { count: report.summary.done }),
            onUndone: () => void queryClient.invalidateQueries({ queryKey: promoKeys.all }),
          });
        return report;
      },
      label: (code) => code,
      onDone: () => {
        setFinished(true);
        void queryClient.invalidateQueries({ queryKey: promoKeys.all });
      },
    });

  // After a real run the choice is spent and cleared; a cancelled preview keeps it.
  const close = () => {
    setRequest(null);
    if (finished) onClear();
    setFinished(false);
  };

  return (
    <>
      <BulkActionBar count={codes.length} limit={BULK_LIMIT} onClear={onClear}>
        <Button size="small" danger icon={<StopOutlined />} onClick={open}>
          {t('promoCodes.bulk.block')}
        </Button>
      </BulkActionBar>
      <BulkRunModal request={request} onClose={close} />
    </>
  );
};
