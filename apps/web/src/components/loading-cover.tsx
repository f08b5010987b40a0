import { useTranslation } from 'react-i18next';

/**
 * Full-screen cover while the start-up session check runs (drawn without antd: it is in the entry).
 * The same as the cover index.html paints before any script has run, so the first paint is not blank.
 */
export const LoadingCover = () => {
  const { t } = useTranslation();
  return (
    <div className="loading-cover" role="status" aria-live="polite" aria-label={t('app.loading')}>
      <img src="/favicon.svg" alt="" width={48} height={48} />
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
