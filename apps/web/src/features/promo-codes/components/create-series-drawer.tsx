import type { PromoSeries } from '@pult/contract';
import { Alert, Button, Drawer, Flex, Form, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useFeedback } from '../../../lib/feedback';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCreatePromoSeries, usePrefilledSeries } from '../api/promo-series';
import { basketMessage, isCatalogRefusal } from '../lib/basket-message';
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
  const { message } = useFeedback();
  const [form] = Form.useForm<SeriesFormValues>();
  const prefilled = usePrefilledSeries(open);
  const create = useCreatePromoSeries();
  // A refusal shown next to its field needs no banner; any other failure is said above the form.
  const [fieldError, setFieldError] = useState(false);
  const [touched, setTouched] = useState(false);
  const releaseChanges = useUnsavedChanges(open && touched);

  const submit = (values: SeriesFormValues) =>
    create.mutate(toSeriesBody(values), {
      onSuccess: (series) => {
        // Saved: opening the new series must not ask about the changes it was made from.
        releaseChanges();
        setTouched(false);
        message.success(t('promoCodes.create.done', { name: series.name }));
        form.resetFields();
        onClose();
        onCreated(series);
      },
      onError: (error) => {
        // The catalog's refusal is said on the basket field the way the live check says it.
        if (isCatalogRefusal(error)) {
          const text = basketMessage(error);
          form.setFields([{ name: 'basketId', errors: [t(text.key, text.values)] }]);
          setFieldError(true);
        } else setFieldError(applyServerErrors(form, error, t));
      },
    });

  const failure = create.error && !fieldError;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) setTouched(false);
      }}
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
        <Alert
          className="form-alert"
          type="error"
          showIcon
          role="alert"
          title={t('promoCodes.create.failed')}
          description={describeError(create.error, t)}
        />
      ) : null}
      {prefilled.isError ? (
        <Alert type="error" showIcon title={t('promoCodes.create.prefillFailed')} />
      ) : prefilled.data ? (
        <SeriesForm
          form={form}
          initialValues={fromPrefilled(prefilled.data)}
          onFinish={submit}
          disabled={create.isPending}
          onValuesChange={() => setTouched(true)}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Drawer>
  );
};
