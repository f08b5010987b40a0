import { type Plan, periodDays } from '@pult/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../components/ltr';
import type { LocaleId } from '../config/theme-config';
import { formatNumber } from './format';

type PlanPeriod = Plan['period'];

/**
 * A lifetime plan is stored as 36 500 days (the contract's marker, `periodDays.lifetime`); nobody
 * should read that number: such a duration is shown as «бессрочно».
 */
export const LIFETIME_DAYS = periodDays.lifetime.min;

/** A lifetime plan's period, or the lifetime marker itself. */
export const isLifetime = (days: number, period?: PlanPeriod): boolean =>
  period === 'lifetime' || days >= LIFETIME_DAYS;

/** «30 дней», «1 день», «365 дней», or «бессрочно»: the number grouped as the language writes it. */
export const durationText = (t: TFunction, locale: LocaleId, days: number, period?: PlanPeriod): string =>
  isLifetime(days, period)
    ? t('duration.lifetime')
    : t('duration.days', { count: days, days: formatNumber(days, locale) });

/**
 * The duration as text that keeps its order on an RTL page: «30 дней» there would otherwise read
 * «дней 30» (a leading number and the word after it are separate bidi runs).
 */
export const Duration = ({ days, period }: { days: number; period?: PlanPeriod }) => {
  const { t, i18n } = useTranslation();
  return <Ltr>{durationText(t, i18n.language as LocaleId, days, period)}</Ltr>;
};
