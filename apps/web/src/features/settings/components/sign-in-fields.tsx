import { Alert, Checkbox, Col, Form, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Who must sign in with a second factor, and when an idle session ends (docs/decisions/0035). With
 * nobody required the section urges a change: until then a password alone guards staff access.
 */
export const SignInFields = () => {
  const { t } = useTranslation();
  const required = Form.useWatch<string[] | undefined>('secondFactorRequiredFor');
  return (
    <>
      <Typography.Title level={5}>{t('settings.sections.signIn')}</Typography.Title>
      {required && required.length === 0 ? (
        <Alert type="warning" showIcon title={t('settings.hints.secondFactorOff')} className="settings-alert" />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="secondFactorRequiredFor"
            label={t('settings.fields.secondFactor')}
            extra={t('settings.hints.secondFactor')}
          >
            <Checkbox.Group
              options={[
                { value: 'admin', label: t('roles.admin') },
                { value: 'editor', label: t('roles.editor') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="sessionIdleMinutes"
            label={t('settings.fields.sessionIdleMinutes')}
            extra={t('settings.hints.sessionIdleMinutes')}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={5}
              max={1440}
              precision={0}
              suffix={t('settings.fields.minutesUnit')}
              className="settings-number"
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
};
