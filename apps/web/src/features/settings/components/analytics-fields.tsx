import { refundPolicies } from '@pult/contract';
import { Col, Form, Radio, Row, Space, Switch, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * How the dashboard counts refunds and promo grants (docs/decisions/0049). Both variants of every figure
 * are kept, so a change shows on the home screen at its next load, with nothing to recompute. The home
 * screen links here as `#analytics`.
 */
export const AnalyticsFields = () => {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hash === '#analytics') title.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <>
      <Typography.Title level={5} id="analytics" ref={title}>
        {t('settings.sections.analytics')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.hints.analytics')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={['analytics', 'refunds']} label={t('settings.fields.refunds')}>
            <Radio.Group>
              <Space direction="vertical">
                {refundPolicies.map((policy) => (
                  <Radio key={policy} value={policy}>
                    {t(`settings.refunds.${policy}`)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['analytics', 'promoGrantsAsSubscribers']}
            label={t('settings.fields.promoGrantsAsSubscribers')}
            extra={t('settings.hints.promoGrantsAsSubscribers')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
};
