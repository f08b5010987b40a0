import { DownloadOutlined } from '@ant-design/icons';
import type { UserFilter } from '@pult/contract';
import { Button, Flex } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { type DownloadProgress, saveBlob } from '../../../lib/api';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { formatNumber } from '../../../lib/format';
import { useScreenCommands } from '../../../lib/screen-commands';
import { exportUsers } from '../api/export-users';

// antd's Progress comes with the first export, not with the list (7 kB gzip of its first load, issue 37); until
// it arrives the box shows the rows and bytes alone.
const Progress = lazy(() => import('antd/es/progress'));

interface Props {
  filter: UserFilter;
  /** How many rows the current filter has (the list's count), for a percentage; null if unknown. */
  expectedRows: number | null;
}

const formatBytes = (bytes: number, locale: LocaleId, t: TFunction) =>
  bytes < 1024 * 1024
    ? t('users.export.kb', { value: formatNumber(Math.max(1, Math.round(bytes / 1024)), locale) })
    : t('users.export.mb', { value: formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, locale) });

/** «Выгрузить CSV» of the current filter, with live progress while the stream arrives. */
export const ExportUsersButton = ({ filter, expectedRows }: Props) => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const locale = i18n.language as LocaleId;
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    abort.current = new AbortController();
    setProgress({ bytes: 0, rows: 0 });
    try {
      const { blob, fileName } = await exportUsers(filter, locale, setProgress, abort.current.signal);
      saveBlob(blob, fileName);
      message.success(t('users.export.done'));
    } catch (error) {
      if (!abort.current?.signal.aborted) message.error(`${t('users.export.failed')}. ${describeError(error, t)}`);
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  // Offered by the command palette wherever this button is (admins only).
  useScreenCommands([{ id: 'users.export', label: t('users.export.button'), run: () => void start() }]);

  const percent =
    progress && expectedRows ? Math.min(99, Math.floor((progress.rows / Math.max(expectedRows, 1)) * 100)) : null;

  const details = progress ? (
    <Flex vertical gap={4} className="users-export-progress" role="status" aria-live="polite">
      <strong>{t('users.export.running')}</strong>
      <Suspense fallback={null}>
        {percent === null ? (
          <Progress percent={100} status="active" showInfo={false} size="small" />
        ) : (
          <Progress percent={percent} status="active" size="small" />
        )}
      </Suspense>
      <span className="users-muted">
        {t('users.export.rows', { rows: formatNumber(progress.rows, locale) })} ·{' '}
        {formatBytes(progress.bytes, locale, t)}
      </span>
      <Button size="small" onClick={() => abort.current?.abort()}>
        {t('users.export.cancel')}
      </Button>
    </Flex>
  ) : null;

  // The progress in a panel under the button, in antd's popover look but drawn by the light kit: antd's Popover
  // brought its tooltip engine to the users list's first load for a panel shown only while an export runs (issue 37).
  return (
    <div className="menu-button">
      <Button icon={<DownloadOutlined />} loading={Boolean(progress)} onClick={() => void start()}>
        {t('users.export.button')}
      </Button>
      {details ? <div className="lite-popover users-export-panel">{details}</div> : null}
    </div>
  );
};
