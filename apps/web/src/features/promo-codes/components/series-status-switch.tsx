import type { PromoSeries } from '@pult/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmOffSwitch } from '../../../components/confirm-off-switch';
import { useFeedback } from '../../../lib/feedback';
import { staleRecordOf } from '../../../lib/stale-version';
import { promoKeys } from '../api/keys';
import { useManagePromoSeries } from '../api/promo-series';

interface Props {
  /** With `version`, the switch goes over it (If-Match); a list row without it switches whatever the version. */
  series: Pick<PromoSeries, 'id' | 'name' | 'status'> & { version?: number };
}

/** Enables at once; disabling stops activations and the landing page, so it asks first. */
export const SeriesStatusSwitch = ({ series }: Props) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const manage = useManagePromoSeries();
  const queryClient = useQueryClient();
  const enabled = series.status === 'enabled';

  const run = (action: 'enable' | 'disable') =>
    manage.mutate(
      { id: series.id, action, version: series.version },
      {
        onSuccess: () =>
          message.success(t(action === 'enable' ? 'promoCodes.status.enabledDone' : 'promoCodes.status.disabledDone')),
        onError: (error) => {
          // Someone changed the series since the page was drawn: it shows the series as it is now, to decide again.
          const now = staleRecordOf<PromoSeries>(error);
          if (!now) return void message.error(t('promoCodes.errors.actionFailed'));
          queryClient.setQueryData(promoKeys.one(series.id), now);
          void queryClient.invalidateQueries({ queryKey: promoKeys.all });
          message.warning(t('promoCodes.status.stale'));
        },
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
