import type { PromoSeries } from '@pult/contract';
import { Alert, App, Button, Drawer, Flex, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreatePromoSeries } from '../api/create-promo-series';
import { usePrefilledSeries } from '../api/get-prefilled-series';
import { basketMessageFromText } from '../lib/customization-error';
import { type SeriesFormValues, toSeriesBody } from '../lib/series-form';
import { fromPrefilled, SeriesForm } from './series-form';

interface Props {
  open: boolean;
  onClose: () => void;
  onCreated: (series: PromoSeries) => void;
}

/** «Создать серию»: the form, prefilled from the server's defaults, in a drawer over the list. */
export const CreateSeriesDrawer = ({ open, onClose, onCreated }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SeriesFormValues>();
  const prefilled = usePrefilledSeries(open);
  const create = useCreatePromoSeries();

  const submit = (values: SeriesFormValues) =>
    create.mutate(toSeriesBody(values), {
      onSuccess: (series) => {
        message.success(t('promoCodes.create.done', { name: series.name }));
        form.resetFields();
        onClose();
        onCreated(series);
      },
      onError: (error) => {
        applyServerErrors(form, error);
        // The catalog's verdict arrives in English server words; say it the way the live check does.
        const basket = isApiError(error) ? error.body?.errors?.basketId : undefined;
        if (basket) {
          const text = basketMessageFromText(basket);
          form.setFields([{ name: 'basketId', errors: [t(text.key, text.values)] }]);
        }
      },
    });

  const failure = create.error && !(isApiError(create.error) && create.error.body?.errors);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={600}
      title={t('promoCodes.create.title')}
      destroyOnHidden
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>{t('promoCodes.common.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()} disabled={!prefilled.data}>
            {t('promoCodes.create.submit')}
          </Button>
        </Flex>
      }
    >
      {failure ? (
        <Alert className="form-alert" type="error" showIcon role="alert" title={t('promoCodes.create.failed')} />
      ) : null}
      {prefilled.isError ? (
        <Alert type="error" showIcon title={t('promoCodes.create.prefillFailed')} />
      ) : prefilled.data ? (
        <SeriesForm
          form={form}
          initialValues={fromPrefilled(prefilled.data)}
          onFinish={submit}
          disabled={create.isPending}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
};
