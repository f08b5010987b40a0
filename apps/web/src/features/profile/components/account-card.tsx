import type { Locale } from '@pult/contract';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../config/languages';
import { describeError, errorCodeOf } from '../../../lib/describe-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { useApplySavedLanguage, useChooseLanguage } from '../../../lib/resources/preferences';
import { useTheme } from '../../../lib/theme-store';
import { useChangePassword } from '../api/account';
import './profile.css';
import { useFeedback } from '../../../lib/feedback';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

/** One's own language (kept on the server, applied here) and password (other sessions end). */
export const AccountCard = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const theme = useTheme();
  useApplySavedLanguage();
  const saveLanguage = useChooseLanguage();
  const changePassword = useChangePassword();
  const [form] = Form.useForm<PasswordValues>();

  const chooseLanguage = async (locale: Locale) => {
    try {
      await saveLanguage(locale);
    } catch (error) {
      message.error(describeError(error, t));
    }
  };

  const submit = async ({ currentPassword, newPassword }: PasswordValues) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      form.resetFields();
      message.success(t('profile.account.passwordChanged'));
    } catch (error) {
      // The API names the field (`currentPassword: mismatch`); say what is wrong with it, not the generic code's text.
      if (errorCodeOf(error) === 'INVALID_CREDENTIALS')
        form.setFields([{ name: 'currentPassword', errors: [t('profile.account.wrongPassword')] }]);
      else if (!applyServerErrors(form, error, t)) message.error(describeError(error, t));
    }
  };

  return (
    <Card title={t('profile.account.title')} className="profile-account">
      <Form layout="vertical">
        <Form.Item label={t('profile.account.language')}>
          <Select
            value={theme.locale}
            onChange={(value) => void chooseLanguage(value)}
            options={LANGUAGES.map((language) => ({ value: language.langId, label: language.langName }))}
            className="profile-language"
            aria-label={t('profile.account.language')}
            data-testid="profile-language"
          />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('profile.account.changePassword')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('profile.account.passwordHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} className="profile-password">
        <Form.Item name="currentPassword" label={t('profile.account.currentPassword')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('profile.account.newPassword')}
          rules={[{ required: true, min: 8, max: 128 }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('profile.account.repeatPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('profile.account.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
          {t('profile.account.savePassword')}
        </Button>
      </Form>
    </Card>
  );
};
