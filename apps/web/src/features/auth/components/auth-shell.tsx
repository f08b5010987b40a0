import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { LanguagePicker } from './language-picker';

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card every unauthenticated screen sits in. */
export const AuthShell = ({ title, subtitle, children }: Props) => {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <Flex vertical align="center" gap="large" className="auth-column">
        <Flex align="center" gap="small" className="auth-brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <Typography.Text strong className="auth-brand-name">
            {t('app.title')}
          </Typography.Text>
        </Flex>
        {/* A plain section styled like a card: antd's Card brings its tabs and menus to the login page. */}
        <section className="auth-card">
          <PageTitle>{title}</PageTitle>
          {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
          {children}
        </section>
        <LanguagePicker />
      </Flex>
    </main>
  );
};
