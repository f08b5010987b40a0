import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { LanguagePicker } from './language-picker';

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/**
 * The centred card every unauthenticated screen sits in. Plain elements in antd's look (styles.css):
 * the login page draws it without antd (docs/decisions/0022).
 */
export const AuthShell = ({ title, subtitle, children }: Props) => {
  const { t } = useTranslation();
  return (
    <main className="auth-page plain-text">
      <div className="auth-column">
        <div className="auth-brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span className="auth-brand-name">{t('app.title')}</span>
        </div>
        <section className="auth-card">
          <PageTitle>{title}</PageTitle>
          {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
          {children}
        </section>
        <LanguagePicker />
      </div>
    </main>
  );
};
