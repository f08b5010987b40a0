import { DownloadOutlined, LockOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import type { BulkUserAction, User } from '@pult/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkActionBar } from '../../../components/bulk-action-bar';
import { type BulkRun, BulkRunModal } from '../../../components/bulk-run-modal';
import { useUndoOffer } from '../../../components/undo-offer';
import type { LocaleId } from '../../../config/theme-config';
import { saveBlob } from '../../../lib/api';
import { BULK_LIMIT } from '../../../lib/contract-values';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { bulkManageUsers, exportSelectedUsers } from '../api/bulk-users';
import { userKeys } from '../api/user-cache';

interface Props {
  ids: number[];
  /** The chosen users the list has shown, to name them in the report. */
  known: Map<number, User>;
  onClear: () => void;
}

const ICONS: Record<BulkUserAction, React.ReactNode> = {
  block: <LockOutlined />,
  unblock: <UnlockOutlined />,
  logout: <LogoutOutlined />,
};

/** The users list's bar for chosen rows: block, unblock, sign out (each previewed first) and export. */
export const UsersBulkActions = ({ ids, known, onClear }: Props) => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<BulkRun<number> | null>(null);
  const [exporting, setExporting] = useState(false);
  const [finished, setFinished] = useState(false);
  const offerUndo = useUndoOffer();

  const open = (action: BulkUserAction) =>
    setRequest({
      title: t(`users.bulk.title.${action}`, { value: ids.length }),
      okText: t(`users.actions.${action}`),
      danger: action !== 'unblock',
      run: async (dryRun) => {
        const report = await bulkManageUsers(action, ids, dryRun);
        // A real block can be undone for 10 seconds: exactly these users, unless someone changed them since.
        if (report.undo)
          offerUndo(report.undo, {
            title: t('versions.undo.blocked', { count: report.summary.done }),
            label: (id) => known.get(id)?.email ?? `#${id}`,
            onUndone: () => void queryClient.invalidateQueries({ queryKey: userKeys.all }),
          });
        return report;
      },
      label: (id) => known.get(id)?.email ?? `#${id}`,
      onDone: () => {
        setFinished(true);
        void queryClient.invalidateQueries({ queryKey: userKeys.all });
      },
    });

  const exportChosen = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await exportSelectedUsers(ids, i18n.language as LocaleId, () => undefined);
      saveBlob(blob, fileName);
      message.success(t('users.export.done'));
    } catch (error) {
      message.error(`${t('users.export.failed')}. ${describeError(error, t)}`);
    } finally {
      setExporting(false);
    }
  };

  // After a real run the choice is spent and cleared; a cancelled preview keeps it.
  const close = () => {
    setRequest(null);
    if (finished) onClear();
    setFinished(false);
  };

  return (
    <>
      <BulkActionBar count={ids.length} limit={BULK_LIMIT} onClear={onClear}>
        {(['block', 'unblock', 'logout'] as const).map((action) => (
          <Button key={action} size="small" icon={ICONS[action]} onClick={() => open(action)}>
            {t(`users.bulk.action.${action}`)}
          </Button>
        ))}
        <Button size="small" icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportChosen()}>
          {t('users.bulk.action.export')}
        </Button>
      </BulkActionBar>
      <BulkRunModal request={request} onClose={close} />
    </>
  );
};
