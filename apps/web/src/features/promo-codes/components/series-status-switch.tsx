import type { PromoSeries } from '@pult/contract';
import { App, Popconfirm, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useManagePromoSeries } from '../api/promo-series';

interface Props {
  series: Pick<PromoSeries, 'id' | 'name' | 'status'>;
}

/** Enables at once; disabling stops activations and the landing page, so it asks first. */
export const SeriesStatusSwitch = ({ series }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const manage = useManagePromoSeries();
  const enabled = series.status === 'enabled';

  const run = (action: 'enable' | 'disable') =>
    manage.mutate(
      { id: series.id, action },
      {
        onSuccess: () =>
          message.success(t(action === 'enable' ? 'promoCodes.status.enabledDone' : 'promoCodes.status.disabledDone')),
        onError: () => message.error(t('promoCodes.errors.actionFailed')),
      },
    );

  const toggle = (
    <Switch
      checked={enabled}
      loading={manage.isPending}
      aria-label={t('promoCodes.status.toggle', { name: series.name })}
      checkedChildren={t('promoCodes.status.on')}
      unCheckedChildren={t('promoCodes.status.off')}
      onChange={enabled ? undefined : () => run('enable')}
    />
  );
  if (!enabled) return toggle;
  return (
    <Popconfirm
      title={t('promoCodes.status.disableTitle')}
      description={t('promoCodes.status.disableText', { name: series.name })}
      okText={t('promoCodes.status.disable')}
      cancelText={t('promoCodes.common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => run('disable')}
    >
      {toggle}
    </Popconfirm>
  );
};
