import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../lib/lazy-with-timeout';
import { ReloadIcon, WarningIcon } from './inline-icons';
import { ResultHeading } from './result-heading';

interface Props {
  error: Error;
  onRetry: () => void;
}

/**
 * Shown in place of a screen whose code did not arrive; the retry loads it again. Drawn without antd:
 * it is part of the entry (the network that failed one chunk may fail the next), laid out like antd's
 * Result.
 */
export const ChunkErrorView = ({ error, onRetry }: Props) => {
  const { t } = useTranslation();
  const chunkError = isChunkLoadError(error);
  return (
    <div className="chunk-error plain-text">
      <WarningIcon className="chunk-error-icon" />
      <ResultHeading>{chunkError ? t('errors.chunkTitle') : t('errors.unexpectedTitle')}</ResultHeading>
      <p>{t('errors.chunkText')}</p>
      <code className="chunk-error-message">{error.message}</code>
      <button type="button" className="plain-button" onClick={chunkError ? onRetry : () => window.location.reload()}>
        <ReloadIcon />
        {chunkError ? t('errors.retry') : t('errors.reload')}
      </button>
    </div>
  );
};
