import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { SigninBody } from '@pult/contract';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sessionNotice } from '../../../lib/session-notice';
import { describeSignInError, useSignIn } from '../api/sign-in';

interface LocationState {
  notice?: string;
}

/**
 * The sign-in form shared by both login layouts. On success it only stores the session: the
 * route guard then sends the user on to where they were going.
 */
export const LoginForm = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const signIn = useSignIn();
  // Read once: the notice explains this visit to the form, not the next one.
  const [expiredNotice] = useState(() => sessionNotice.take());
  const notice = (location.state as LocationState | null)?.notice;
  const failure = signIn.error ? describeSignInError(signIn.error, t) : null;

  return (
    <Form<SigninBody>
      layout="vertical"
      requiredMark={false}
      name="signin"
      onFinish={(values) => signIn.mutate(values)}
      disabled={signIn.isPending}
    >
      {notice && !failure ? <Alert className="form-alert" type="success" showIcon title={t(notice)} /> : null}
      {expiredNotice && !notice && !failure ? (
        <Alert className="form-alert" type="warning" showIcon title={t(expiredNotice)} />
      ) : null}
      {failure ? <Alert className="form-alert" type="error" showIcon title={failure} role="alert" /> : null}
      <Form.Item
        label={t('auth.signIn.email')}
        name="email"
        rules={[
          { required: true, message: t('auth.signIn.emailRequired') },
          { type: 'email', message: t('validation.email') },
        ]}
      >
        <Input prefix={<MailOutlined />} autoComplete="username" inputMode="email" size="large" autoFocus />
      </Form.Item>
      <Form.Item
        label={t('auth.signIn.password')}
        name="password"
        rules={[{ required: true, message: t('auth.signIn.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
      </Form.Item>
      <Flex justify="end" className="form-links">
        <Link to="/auth/forgot-password">{t('auth.signIn.forgot')}</Link>
      </Flex>
      <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending}>
        {t('auth.signIn.submit')}
      </Button>
    </Form>
  );
};
