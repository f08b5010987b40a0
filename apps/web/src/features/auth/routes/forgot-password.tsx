import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../lib/describe-error';
import { useForgotPassword } from '../api/forgot-password';
import { AuthShell } from '../components/auth-shell';

/** `/auth/forgot-password`: asks the API to mail a one-hour reset link. */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const forgot = useForgotPassword();

  return (
    <AuthShell title={t('auth.forgot.title')} subtitle={t('auth.forgot.text')}>
      {forgot.isSuccess ? (
        <Alert className="form-alert" type="success" showIcon title={t('auth.forgot.sent')} role="status" />
      ) : (
        <Form<{ email: string }>
          layout="vertical"
          requiredMark={false}
          name="forgot-password"
          disabled={forgot.isPending}
          onFinish={({ email }) => forgot.mutate(email)}
        >
          {forgot.isError ? (
            <Alert
              className="form-alert"
              type="error"
              showIcon
              title={describeError(forgot.error, t, {
                network: 'auth.errors.network',
                RATE_LIMITED: 'auth.errors.tooManyAttemptsLater',
              })}
              role="alert"
            />
          ) : null}
          <Form.Item
            label={t('auth.signIn.email')}
            name="email"
            rules={[
              { required: true, message: t('auth.signIn.emailRequired') },
              { type: 'email', message: t('validation.email') },
            ]}
          >
            <Input prefix={<MailOutlined />} autoComplete="email" inputMode="email" size="large" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={forgot.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </Form>
      )}
      <Flex justify="center" className="form-links form-links-below">
        <Link to="/auth/login">{t('auth.forgot.back')}</Link>
      </Flex>
    </AuthShell>
  );
};
