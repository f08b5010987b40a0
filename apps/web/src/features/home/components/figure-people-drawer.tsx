import type { PeopleFigure, PeopleItem } from '@pult/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePlans } from '../../../lib/resources/plans';
import { downloadPeople } from '../api/export-people';
import { peoplePageQuery } from '../api/get-people';
import { PeopleDrawer, userColumn } from './people-drawer';

interface Props {
  figure: PeopleFigure | null;
  from: string;
  to: string;
  onClose: () => void;
  afterClose: (figure: PeopleFigure) => void;
}

/** Which figures carry a plan, an amount, a series or a refusal reason beside the person and the time. */
const withPlan = new Set<PeopleFigure>([
  'subscriptionsActive',
  'subscriptionsNew',
  'subscriptionsChurned',
  'lifetime',
  'revenue',
]);

/** The rows behind one KPI card of the period (docs/decisions/0050), newest first, each linked to its user. */
export const FigurePeopleDrawer = ({ figure, from, to, onClose, afterClose }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const plans = usePlans();
  const planTitle = (id: number | null) =>
    id === null ? '—' : (plans.data?.items.find((plan) => plan.id === id)?.title ?? `#${id}`);
  const columns = (shown: PeopleFigure): TableColumnsType<PeopleItem> => [
    userColumn<PeopleItem>(t('home.people.user')),
    { key: 'at', title: t(`home.people.at.${shown}`), render: (_, row) => formatDateTime(row.at, locale) },
    ...(withPlan.has(shown)
      ? [{ key: 'plan', title: t('home.people.plan'), render: (_: unknown, row: PeopleItem) => planTitle(row.planId) }]
      : []),
    ...(shown === 'revenue'
      ? [
          {
            key: 'amount',
            title: t('home.people.amount'),
            align: 'right' as const,
            render: (_: unknown, row: PeopleItem) => formatMoney(row.amount ?? 0, locale),
          },
        ]
      : []),
    ...(shown === 'promoActivations'
      ? [{ key: 'series', title: t('home.people.series'), render: (_: unknown, row: PeopleItem) => `#${row.seriesId}` }]
      : []),
    ...(shown === 'promoRefused'
      ? [
          {
            key: 'reason',
            title: t('home.people.reason'),
            render: (_: unknown, row: PeopleItem) =>
              row.reason ? t(`apiErrors.${row.reason}`, { defaultValue: row.reason }) : '—',
          },
        ]
      : []),
  ];
  return (
    <PeopleDrawer<PeopleFigure, PeopleItem>
      open={figure}
      onClose={onClose}
      afterClose={afterClose}
      title={(shown) => t(`home.people.title.${shown}`)}
      description={(shown) => t(`home.people.define.${shown}`)}
      pageQuery={(shown, page, take) => peoplePageQuery({ figure: shown, from, to, page, take })}
      rowKey={(row) => String(row.id)}
      exportCsv={(shown) => downloadPeople({ figure: shown, from, to, lang: locale })}
      emptyText={t('home.people.empty')}
      columns={columns}
    />
  );
};
