import { useTranslation } from 'react-i18next';

/**
 * Full-screen cover while the start-up session check runs (drawn without antd: it is in the entry).
 * A spinner and nothing contentful: an earlier first paint here (a logo was tried) moves the script
 * evaluation that follows into the blocking time Lighthouse counts (docs/decisions/0022).
 */
export const LoadingCover = () => {
  const { t } = useTranslation();
  return (
    <div className="loading-cover" role="status" aria-live="polite" aria-label={t('app.loading')}>
      <span className="spinner" />
    </div>
  );
};

/** Placeholder while a lazily loaded screen arrives. */
export const ScreenLoader = () => {
  const { t } = useTranslation();
  return (
    <div className="screen-loader" role="status" aria-label={t('app.loading')}>
      <span className="spinner" />
    </div>
  );
};
