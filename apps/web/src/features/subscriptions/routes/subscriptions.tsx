import { ArrowRightOutlined, CrownOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { formatCount, formatNumber } from '../../../lib/format';
import { usePlans } from '../../../lib/resources/plans';
import { useTheme } from '../../../lib/theme-store';
import { useSubscriptions } from '../api/get-subscriptions';
import '../components/plans.css';

interface SectionProps {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}

const Section = ({ to, icon, title, text, children }: SectionProps) => {
  const { t } = useTranslation();
  return (
    <Card
      role="region"
      aria-label={title}
      className="overview-card"
      title={
        <Flex gap="small" align="center">
          {icon}
          {title}
        </Flex>
      }
      extra={
        <Link to={to}>
          {t('subscriptions.overview.open')} <ArrowRightOutlined aria-hidden />
        </Link>
      }
    >
      <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
      {children}
    </Card>
  );
};

/** `/app/subscriptions`: the section's front page, pointing to plans and to users' subscriptions. */
export const SubscriptionsPage = () => {
  const { t } = useTranslation();
  const { locale } = useTheme();
  const plans = usePlans();
  const active = useSubscriptions({ take: 1, page: 1, status: 'active' });
  const enabled = plans.data?.items.filter((plan) => plan.enabled).length ?? 0;

  return (
    <>
      <PageTitle>{t('nav.subscriptions')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Section
            to="/app/subscriptions/desc"
            icon={<CrownOutlined aria-hidden />}
            title={t('nav.subscriptionsDesc')}
            text={t('subscriptions.overview.plansText')}
          >
            {plans.data ? (
              <Flex gap="large">
                <Statistic
                  title={t('subscriptions.overview.plansTotal')}
                  value={formatNumber(plans.data.count, locale)}
                />
                <Statistic title={t('subscriptions.overview.plansEnabled')} value={formatNumber(enabled, locale)} />
              </Flex>
            ) : (
              <Skeleton active paragraph={false} />
            )}
          </Section>
        </Col>
        <Col xs={24} lg={12}>
          <Section
            to="/app/subscriptions/items"
            icon={<TeamOutlined aria-hidden />}
            title={t('nav.subscriptionsItems')}
            text={t('subscriptions.overview.itemsText')}
          >
            {active.data ? (
              <Flex gap="large">
                <Statistic
                  title={t('subscriptions.overview.active')}
                  value={formatCount(active.data.count, active.data.countIsEstimate, locale)}
                />
              </Flex>
            ) : (
              <Skeleton active paragraph={false} />
            )}
          </Section>
        </Col>
      </Row>
    </>
  );
};
