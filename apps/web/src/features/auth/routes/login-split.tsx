import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { LanguagePicker } from '../components/language-picker';
import { LoginForm } from '../components/login-form';

/** `/auth/login-1`: the same form, split screen with an illustration side (hidden below 992 px). */
export const LoginSplitPage = () => {
  const { t } = useTranslation();
  return (
    <main className="auth-split plain-text">
      <div className="auth-split-form">
        <div className="auth-split-inner">
          <PageTitle className="auth-split-title">{t('auth.signIn.welcome')}</PageTitle>
          <p className="auth-subtitle">{t('auth.signIn.subtitle')}</p>
          <LoginForm />
          <div className="auth-split-language">
            <LanguagePicker />
          </div>
        </div>
      </div>
      <div className="auth-split-art">
        <div className="auth-split-art-inner">
          <img src="/login-illustration.svg" alt="" className="auth-split-illustration" />
          <h2 className="auth-split-art-title">{t('auth.signIn.illustrationTitle')}</h2>
          <p className="auth-split-art-text">{t('auth.signIn.illustrationText')}</p>
        </div>
      </div>
    </main>
  );
};
