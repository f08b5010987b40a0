import { useTranslation } from 'react-i18next';
import { AuthShell } from '../components/auth-shell';
import { LoginForm } from '../components/login-form';

/** `/auth/login`: the sign-in form in a centred card. */
export const LoginPage = () => {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <LoginForm />
    </AuthShell>
  );
};
