import type { MrrMovementItem, MrrMovementKind } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import type { LocaleId } from '../../../config/theme-config';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePlans } from '../../../lib/resources/plans';
import { downloadMrrMovements } from '../api/export-mrr-movements';
import { mrrMovementsPageQuery } from '../api/get-mrr-movements';
import { PeopleDrawer, userColumn } from './people-drawer';

interface Props {
  /** The figure whose customers to list; null keeps the drawer closed. */
  kind: MrrMovementKind | null;
  from: string;
  to: string;
  onClose: () => void;
  afterClose: (kind: MrrMovementKind) => void;
}

/** The customers behind one MRR movement of the period, newest day first, each linked to their page. */
export const MrrMovementsDrawer = ({ kind, from, to, onClose, afterClose }: Props) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as LocaleId;
  const plans = usePlans();
  const planTitle = (id: number | null) =>
    id === null ? '—' : (plans.data?.items.find((plan) => plan.id === id)?.title ?? `#${id}`);
  return (
    <PeopleDrawer<MrrMovementKind, MrrMovementItem>
      open={kind}
      onClose={onClose}
      afterClose={afterClose}
      title={(shown) => t('home.mrr.listTitle', { figure: t(`home.mrr.${shown}`) })}
      description={(shown) => t(`home.mrr.define.${shown}`)}
      pageQuery={(shown, page, take) => mrrMovementsPageQuery({ kind: shown, from, to, page, take })}
      rowKey={(row) => `${row.userId}:${row.at}`}
      exportCsv={(shown) => downloadMrrMovements({ kind: shown, from, to, lang: locale })}
      emptyText={t('home.mrr.empty')}
      columns={() => [
        userColumn<MrrMovementItem>(t('home.mrr.user')),
        { key: 'plan', title: t('home.mrr.plan'), render: (_, row) => planTitle(row.planId) },
        { key: 'at', title: t('home.mrr.day'), render: (_, row) => formatDate(row.at, locale) },
        {
          key: 'amount',
          title: t('home.mrr.amount'),
          align: 'right',
          render: (_, row) => formatMoney(row.amount, locale),
        },
      ]}
    />
  );
};
