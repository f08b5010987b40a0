import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../components/language-picker';
import { LoginForm } from '../components/login-form';

/** `/auth/login-1`: the same form, split screen with an illustration side (hidden on phones). */
export const LoginSplitPage = () => {
  const { t } = useTranslation();
  return (
    <Row className="auth-split" wrap={false}>
      <Col xs={24} lg={12} className="auth-split-form">
        <Flex vertical justify="center" className="auth-split-inner">
          <Typography.Title level={1} className="auth-split-title">
            {t('auth.signIn.welcome')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('auth.signIn.subtitle')}</Typography.Paragraph>
          <LoginForm />
          <Flex justify="center" className="auth-split-language">
            <LanguagePicker />
          </Flex>
        </Flex>
      </Col>
      <Col xs={0} lg={12} className="auth-split-art">
        <Flex vertical justify="center" align="center" className="auth-split-art-inner">
          <img src="/login-illustration.svg" alt="" className="auth-split-illustration" />
          <Typography.Title level={2} className="auth-split-art-title">
            {t('auth.signIn.illustrationTitle')}
          </Typography.Title>
          <Typography.Paragraph className="auth-split-art-text">
            {t('auth.signIn.illustrationText')}
          </Typography.Paragraph>
        </Flex>
      </Col>
    </Row>
  );
};
