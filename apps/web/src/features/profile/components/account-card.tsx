import type { Locale } from '@pult/contract';
import { App, Button, Card, Form, Input, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../config/languages';
import { describeError } from '../../../lib/describe-error';
import { applyServerErrors } from '../../../lib/form-errors';
import { themeStore, useTheme } from '../../../lib/theme-store';
import { useChangePassword, usePreferences, useSaveLanguage } from '../api/account';
import './profile.css';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

/** One's own language (kept on the server, applied here) and password (other sessions end). */
export const AccountCard = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const theme = useTheme();
  const preferences = usePreferences();
  const saveLanguage = useSaveLanguage();
  const changePassword = useChangePassword();
  const [form] = Form.useForm<PasswordValues>();

  // The language saved on the server follows the person to another browser.
  const saved = preferences.data?.locale;
  useEffect(() => {
    if (saved && saved !== themeStore.get().locale) themeStore.set({ locale: saved });
  }, [saved]);

  const chooseLanguage = async (locale: Locale) => {
    themeStore.set({ locale });
    try {
      await saveLanguage.mutateAsync(locale);
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
      if (!applyServerErrors(form, error, t)) message.error(describeError(error, t));
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
