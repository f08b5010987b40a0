import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { downloadErrors } from '../api/imports-queries';

/** «Скачать ошибки»: the refused rows as read, with the row number and the reason (CSV). */
export const DownloadErrorsButton = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadErrors(id)
          .catch((error: unknown) => void message.error(describeError(error, t)))
          .finally(() => setBusy(false));
      }}
    >
      {t('imports.downloadErrors')}
    </Button>
  );
};
