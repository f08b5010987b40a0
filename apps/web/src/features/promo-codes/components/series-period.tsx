import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate } from '../../../lib/format';

/** «01.03.2024 — 31.05.2024», or an open end («с …», «до …», «без ограничений»). */
export const SeriesPeriod = ({ startsAt, endsAt }: { startsAt: string | null; endsAt: string | null }) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  if (!startsAt && !endsAt)
    return <Typography.Text type="secondary">{t('promoCodes.period.unlimited')}</Typography.Text>;
  if (!endsAt) return <>{t('promoCodes.period.from', { date: formatDate(startsAt, locale) })}</>;
  if (!startsAt) return <>{t('promoCodes.period.until', { date: formatDate(endsAt, locale) })}</>;
  return (
    <span className="promo-nowrap">
      {formatDate(startsAt, locale)} — {formatDate(endsAt, locale)}
    </span>
  );
};
