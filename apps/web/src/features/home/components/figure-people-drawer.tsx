import type { PeopleFigure, PeopleItem } from '@pult/contract';
import type { TableColumnsType } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { usePlans } from '../../../lib/resources/plans';
import { downloadPeople } from '../api/export-people';
import { peoplePageQuery } from '../api/get-people';
import { PeopleDrawer, userColumn } from './people-drawer';
import { type PeopleSelection, selectionKey } from './people-selection';

export { type PeopleSelection, selectionKey } from './people-selection';

interface Props {
  selection: PeopleSelection | null;
  from: string;
  to: string;
  onClose: () => void;
  /** Gets the key (`selectionKey`) of the figure that opened the drawer, to give it back the focus. */
  afterClose: (key: string) => void;
}

/** Which figures carry a plan, an amount, a series or a refusal reason beside the person and the time. */
const withPlan = new Set<PeopleFigure>([
  'subscriptionsActive',
  'subscriptionsNew',
  'subscriptionsChurned',
  'lifetime',
  'revenue',
]);
const withSeries = new Set<PeopleFigure>(['promoActivations', 'promoActivated', 'promoRetained']);

/** The rows behind one figure of the period (docs/decisions/0050), newest first, each linked to its user. */
export const FigurePeopleDrawer = ({ selection, from, to, onClose, afterClose }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const plans = usePlans();
  // Each key opened so far and its selection: the drawer keeps showing the last one while it slides shut.
  const selections = useRef(new Map<string, PeopleSelection>());
  const key = selection ? selectionKey(selection) : null;
  if (selection && key) selections.current.set(key, selection);
  const of = (shown: string): PeopleSelection => selections.current.get(shown) ?? { figure: 'usersNew' };
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
    ...(withSeries.has(shown)
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
    ...(shown === 'pushFailed'
      ? [{ key: 'error', title: t('home.people.error'), render: (_: unknown, row: PeopleItem) => row.reason ?? '—' }]
      : []),
  ];
  const query = (shown: string) => {
    const { figure, seriesId, reason } = of(shown);
    return { figure, from, to, ...(seriesId === undefined ? {} : { seriesId }), ...(reason ? { reason } : {}) };
  };
  return (
    <PeopleDrawer<string, PeopleItem>
      open={key}
      onClose={onClose}
      afterClose={afterClose}
      title={(shown) => {
        const { figure, label } = of(shown);
        const title = t(`home.people.title.${figure}`);
        return label ? t('home.people.narrowed', { title, label }) : title;
      }}
      description={(shown) => t(`home.people.define.${of(shown).figure}`)}
      pageQuery={(shown, page, take) => peoplePageQuery({ ...query(shown), page, take })}
      rowKey={(row) => String(row.id)}
      exportCsv={(shown) => downloadPeople({ ...query(shown), lang: locale })}
      emptyText={t('home.people.empty')}
      columns={(shown) => columns(of(shown).figure)}
    />
  );
};
