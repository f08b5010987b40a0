import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthShell } from '../components/auth-shell';

interface Values {
  password: string;
  confirm: string;
}

/** Matches the contract's `newPassword` rule; the server checks it again. */
const MIN_PASSWORD_LENGTH = 8;

/** `/auth/reset-password?token=`: sets a new password, then sends the user to sign in. */
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const error = reset.error;
  // A password complaint lands on its field; RESET_TOKEN_INVALID (or any other refusal) means the link is no good.
  const passwordRejected = isApiError(error) && Boolean(error.body?.errors?.password);
  const linkBroken = !token || (isApiError(error) && error.status < 500 && !passwordRejected);
  const serverDown = Boolean(error) && !linkBroken && !passwordRejected;

  const submit = ({ password }: Values) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => navigate('/auth/login', { replace: true, state: { notice: 'auth.reset.success' } }),
        onError: (failure) => applyServerErrors(form, failure, t),
      },
    );

  return (
    <AuthShell title={t('auth.reset.title')} subtitle={t('auth.reset.text')}>
      {linkBroken ? (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          role="alert"
          title={t(token ? 'auth.reset.invalidToken' : 'auth.reset.missingToken')}
          action={
            <Link to="/auth/forgot-password">
              <Button size="small">{t('auth.reset.requestNew')}</Button>
            </Link>
          }
        />
      ) : null}
      {serverDown ? (
        <Alert className="form-alert" type="error" showIcon role="alert" title={t('auth.errors.network')} />
      ) : null}
      {token ? (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          name="reset-password"
          onFinish={submit}
          disabled={reset.isPending}
        >
          <Form.Item
            label={t('auth.reset.password')}
            name="password"
            rules={[
              { required: true, message: t('auth.reset.passwordMin') },
              { min: MIN_PASSWORD_LENGTH, message: t('auth.reset.passwordMin') },
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" autoFocus />
          </Form.Item>
          <Form.Item
            label={t('auth.reset.confirm')}
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: t('auth.reset.mismatch') },
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  !value || getFieldValue('password') === value
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('auth.reset.mismatch'))),
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Form>
      ) : null}
      <Flex justify="center" className="form-links form-links-below">
        <Link to="/auth/login">{t('auth.forgot.back')}</Link>
      </Flex>
    </AuthShell>
  );
};
