import type { AnalyticsPolicies } from '@pult/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store';

/**
 * The counting policies in force (docs/decisions/0049), printed with the figures they change: revenue,
 * subscriptions, churn. Admins get a link to the setting; editors read the policy only. Without the
 * policies yet (the data on its way), its place.
 */
export const PoliciesNote = ({ policies }: { policies: AnalyticsPolicies | undefined }) => {
  const { t } = useTranslation();
  const admin = useSession()?.role === 'admin';
  // Before the data: a blank line of the note's height, so the cards below are where they will stay.
  if (!policies)
    return (
      <Typography.Paragraph type="secondary" aria-hidden="true">
        {'\u00a0'}
      </Typography.Paragraph>
    );
  return (
    <Typography.Paragraph type="secondary" data-testid="home-policies">
      <span>{t(`home.policies.refunds.${policies.refunds}`)}</span>
      <span aria-hidden> · </span>
      <span>
        {t(policies.promoGrantsAsSubscribers ? 'home.policies.promoCounted' : 'home.policies.promoNotCounted')}
      </span>
      {admin ? (
        <>
          <span aria-hidden> · </span>
          <Link to="/app/common/settings#analytics" aria-label={t('home.policies.changeLabel')}>
            {t('home.policies.change')}
          </Link>
        </>
      ) : null}
    </Typography.Paragraph>
  );
};
