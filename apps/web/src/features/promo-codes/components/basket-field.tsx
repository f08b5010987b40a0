import { CheckCircleFilled, ExclamationCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCustomization } from '../api/customization';
import { basketMessage } from '../lib/basket-message';

/**
 * The catalog basket id, checked while typing (debounced): the project name when the catalog
 * knows it, else why not. The server checks again on submit.
 */
export const BasketField = () => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const typed = (Form.useWatch('basketId', form) as string | undefined)?.trim() ?? '';
  const basketId = useDebouncedValue(typed, 500);
  const check = useCustomization(basketId);
  const settled = typed === basketId;

  const status = () => {
    if (!typed) return <Typography.Text type="secondary">{t('promoCodes.basket.hint')}</Typography.Text>;
    if (!settled || check.isFetching)
      return (
        <Typography.Text type="secondary">
          <LoadingOutlined /> {t('promoCodes.basket.checking')}
        </Typography.Text>
      );
    if (check.data)
      return (
        <Typography.Text type="success">
          <CheckCircleFilled /> {t('promoCodes.basket.found', { name: check.data.nameProject })}
        </Typography.Text>
      );
    if (check.error) {
      const message = basketMessage(check.error);
      return (
        <Typography.Text type="warning">
          <ExclamationCircleFilled /> {t(message.key, message.values)}
        </Typography.Text>
      );
    }
    return null;
  };

  return (
    <Form.Item
      name="basketId"
      label={t('promoCodes.fields.basketId')}
      extra={
        <Flex className="promo-basket-status" aria-live="polite" data-testid="basket-status">
          {status()}
        </Flex>
      }
      rules={[{ max: 64, message: t('promoCodes.validation.maxLength', { max: 64 }) }]}
    >
      <Input allowClear autoComplete="off" placeholder={t('promoCodes.basket.placeholder')} />
    </Form.Item>
  );
};
