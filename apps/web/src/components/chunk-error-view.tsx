import { ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/lazy-with-timeout';
import { ResultHeading } from './page-title';

interface Props {
  error: Error;
  onRetry: () => void;
}

/** Shown in place of a screen whose code did not arrive; the retry loads it again. */
export const ChunkErrorView = ({ error, onRetry }: Props) => {
  const { t } = useTranslation();
  const chunkError = isChunkLoadError(error);
  // Laid out like antd's Result, without it: Result carries its large 403/404/500 pictures into every page.
  return (
    <Flex vertical align="center" gap="middle" className="chunk-error">
      <WarningFilled className="chunk-error-icon" />
      <ResultHeading>{chunkError ? t('errors.chunkTitle') : t('errors.unexpectedTitle')}</ResultHeading>
      <Typography.Paragraph type="secondary">{t('errors.chunkText')}</Typography.Paragraph>
      <Typography.Text code className="chunk-error-message">
        {error.message}
      </Typography.Text>
      <Button type="primary" icon={<ReloadOutlined />} onClick={chunkError ? onRetry : () => window.location.reload()}>
        {chunkError ? t('errors.retry') : t('errors.reload')}
      </Button>
    </Flex>
  );
};
