import type { PromoSeries } from '@pult/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmOffSwitch } from '../../../components/confirm-off-switch';
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

  return (
    <ConfirmOffSwitch
      checked={enabled}
      loading={manage.isPending}
      label={t('promoCodes.status.toggle', { name: series.name })}
      checkedChildren={t('promoCodes.status.on')}
      unCheckedChildren={t('promoCodes.status.off')}
      onEnable={() => run('enable')}
      onDisable={() => run('disable')}
      confirm={{
        title: t('promoCodes.status.disableTitle'),
        description: t('promoCodes.status.disableText', { name: series.name }),
        okText: t('promoCodes.status.disable'),
        cancelText: t('promoCodes.common.cancel'),
      }}
    />
  );
};
