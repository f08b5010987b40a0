import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocaleId } from '../../config/theme-config';
import { formatDateTime } from '../../lib/format';
import { sessionStore, useSession } from '../../lib/session-store';
import './failed-sign-ins-notice.css';

/**
 * Under the header, after a sign-in that followed refused ones (issue 31, ASVS 16.3.2): how many, the
 * last one's time and address, and the way to the sessions. Shown until dismissed, in every tab.
 */
export const FailedSignInsNotice = () => {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const notice = session?.failedSignIns;
  if (!session || !notice) return null;
  const dismiss = () => sessionStore.set({ ...session, failedSignIns: null });
  return (
    <div className="failed-sign-ins" role="status" data-testid="failed-sign-ins">
      <span>
        {t('header.failedSignIns.text', {
          count: notice.count,
          at: formatDateTime(notice.lastAt, i18n.language as LocaleId),
          ip: notice.lastIp ?? '—',
        })}{' '}
        <Link to="/app/profile">{t('header.failedSignIns.review')}</Link>
      </span>
      <button type="button" className="plain-button" onClick={dismiss}>
        {t('header.failedSignIns.dismiss')}
      </button>
    </div>
  );
};
